// Full-size photo viewer: ←/→ browse, +/−/0 and the wheel zoom, Esc closes. Works offline (the
// protocol serves the cached file).
import { useState, type KeyboardEvent, type WheelEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api';
import type { PhotoView } from '../../../shared/views';
import { zoomIn, zoomOut } from '../logic/zoom';
import { Dialog } from './Dialog';
import { ScrollRegion } from './ScrollRegion';

interface Props {
  photos: readonly PhotoView[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}

export function PhotoViewer({ photos, index, onIndex, onClose }: Props) {
  const { t } = useTranslation();
  const [zoom, setZoom] = useState(1);
  const [failed, setFailed] = useState(false);
  // Another photo starts unzoomed and not failed (state adjusted while rendering, not in an effect).
  const [shown, setShown] = useState(index);
  if (shown !== index) {
    setShown(index);
    setZoom(1);
    setFailed(false);
  }
  const photo = photos[index];
  if (!photo) return null;

  const prev = () => onIndex((index - 1 + photos.length) % photos.length);
  const next = () => onIndex((index + 1) % photos.length);

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    const map: Record<string, () => void> = {
      ArrowLeft: prev,
      ArrowRight: next,
      '+': () => setZoom(zoomIn),
      '=': () => setZoom(zoomIn),
      '-': () => setZoom(zoomOut),
      '0': () => setZoom(1),
    };
    const action = map[e.key];
    if (action && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      action();
    }
  };
  const onWheel = (e: WheelEvent<HTMLDialogElement>) => {
    if (e.deltaY < 0) setZoom(zoomIn);
    else if (e.deltaY > 0) setZoom(zoomOut);
  };

  return (
    <Dialog
      title={t('photos.position', { n: index + 1, total: photos.length, order: photo.order })}
      onClose={onClose}
      className="viewer"
      onKeyDown={onKeyDown}
      onWheel={onWheel}
      actions={
        <>
          <button type="button" className="button" onClick={prev} disabled={photos.length < 2} aria-label={t('photos.previous')} title={t('photos.previous')}>
            ←
          </button>
          <button type="button" className="button" onClick={next} disabled={photos.length < 2} aria-label={t('photos.next')} title={t('photos.next')}>
            →
          </button>
          <span className="viewer__spacer" />
          <button type="button" className="button" onClick={() => setZoom(zoomOut)} aria-label={t('photos.zoomOut')} title={t('photos.zoomOut')}>
            −
          </button>
          <span className="viewer__zoom" aria-live="polite">
            {Math.round(zoom * 100)}%
          </span>
          <button type="button" className="button" onClick={() => setZoom(zoomIn)} aria-label={t('photos.zoomIn')} title={t('photos.zoomIn')}>
            +
          </button>
          <button type="button" className="button" onClick={() => setZoom(1)} aria-label={t('photos.zoomReset')} title={t('photos.zoomReset')}>
            0
          </button>
          <span className="viewer__spacer" />
          <button type="button" className="button button--primary" onClick={onClose} data-autofocus>
            {t('photos.close')}
          </button>
        </>
      }
    >
      <ScrollRegion className={`viewer__stage ${zoom > 1 ? 'viewer__stage--zoomed' : ''}`} label={t('photos.viewer')}>
        {failed ? (
          <p className="viewer__missing">{t('photos.unavailable')}</p>
        ) : (
          <img
            key={photo.photoId}
            src={api.photoUrl(photo.photoId)}
            alt={t('photos.position', { n: index + 1, total: photos.length, order: photo.order })}
            data-zoom={zoom}
            style={zoom > 1 ? { width: `${zoom * 100}%`, height: 'auto' } : undefined}
            onError={() => setFailed(true)}
            draggable={false}
          />
        )}
      </ScrollRegion>
      <dl className="viewer__info">
        <dt>{t('photos.hosted')}</dt>
        <dd className="mono break">{photo.source}</dd>
        <dt>{t('photos.original')}</dt>
        <dd className="mono break">{photo.originalUrl}</dd>
        <dt className="sr-only">cache</dt>
        <dd className="muted">{t(`photos.cache.${photo.cache}`)}</dd>
      </dl>
    </Dialog>
  );
}
