// Full-size photo viewer: the whole photo fitted inside the stage at first; ←/→ browse, +/− and the
// wheel zoom (out no further than the fit), 1 shows actual pixels, 0 fits again, Esc closes. Works
// offline (the protocol serves the cached file).
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type SyntheticEvent, type WheelEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api';
import type { PhotoView } from '../../../shared/views';
import { fitScale, zoomIn, zoomOut, type Size } from '../logic/zoom';
import { photoTitle } from '../logic/photoTitle';
import { Dialog } from './Dialog';
import { ScrollRegion } from './ScrollRegion';

interface Props {
  photos: readonly PhotoView[];
  /** The positions the portal rejected (gaps in `order`), named in the title of the photo after one. */
  rejected: readonly number[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}

/** 'fit': the whole photo inside the stage, whatever its size; a number: a scale of its own pixels. */
type Zoom = 'fit' | number;

export function PhotoViewer({ photos, rejected, index, onIndex, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const [zoom, setZoom] = useState<Zoom>('fit');
  const [failed, setFailed] = useState(false);
  const [natural, setNatural] = useState<Size | null>(null);
  const [stage, setStage] = useState<Size | null>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  // Another photo starts fitted and not failed (state adjusted while rendering, not in an effect).
  const [shown, setShown] = useState(index);
  if (shown !== index) {
    setShown(index);
    setZoom('fit');
    setFailed(false);
    setNatural(null);
  }

  const measure = useCallback(() => {
    const el = stageRef.current;
    if (el) setStage({ width: el.clientWidth, height: el.clientHeight });
  }, []);
  useEffect(() => {
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure]);

  const photo = photos[index];
  if (!photo) return null;

  const fit = fitScale(natural, stage);
  const scale = zoom === 'fit' ? fit : zoom;
  const prev = () => onIndex((index - 1 + photos.length) % photos.length);
  const next = () => onIndex((index + 1) % photos.length);
  const closer = () => setZoom(zoomIn(scale, fit));
  // Back at the fit, the photo follows the stage again (a resized window fits it anew).
  const farther = () => {
    const out = zoomOut(scale, fit);
    setZoom(out === fit ? 'fit' : out);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    const map: Record<string, () => void> = {
      ArrowLeft: prev,
      ArrowRight: next,
      '+': closer,
      '=': closer,
      '-': farther,
      '0': () => setZoom('fit'),
      '1': () => setZoom(1),
    };
    const action = map[e.key];
    if (action && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      action();
    }
  };
  const onWheel = (e: WheelEvent<HTMLDialogElement>) => {
    if (e.deltaY < 0) closer();
    else if (e.deltaY > 0) farther();
  };
  const onLoad = (e: SyntheticEvent<HTMLImageElement>) => {
    const img = e.currentTarget;
    setNatural({ width: img.naturalWidth, height: img.naturalHeight });
    measure();
  };

  const previousOrder = photos[index - 1]?.order ?? 0;
  const title = photoTitle(t, i18n.language, {
    n: index + 1,
    total: photos.length,
    rejectedBefore: rejected.filter((order) => order > previousOrder && order < photo.order),
  });
  const sized = natural && stage ? { width: `${natural.width * scale}px`, height: `${natural.height * scale}px` } : undefined;

  return (
    <Dialog
      title={title}
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
          <button type="button" className="button" onClick={farther} disabled={zoom === 'fit'} aria-label={t('photos.zoomOut')} title={t('photos.zoomOut')}>
            −
          </button>
          <span className="viewer__zoom" aria-live="polite" data-scale={scale}>
            {Math.round(scale * 100)}%
          </span>
          <button type="button" className="button" onClick={closer} aria-label={t('photos.zoomIn')} title={t('photos.zoomIn')}>
            +
          </button>
          <button type="button" className="button" onClick={() => setZoom(1)} aria-pressed={zoom === 1} title={t('photos.actualSizeHint')}>
            {t('photos.actualSize')}
          </button>
          <button type="button" className="button" onClick={() => setZoom('fit')} aria-pressed={zoom === 'fit'} title={t('photos.fitHint')}>
            {t('photos.fit')}
          </button>
          <span className="viewer__spacer" />
          <button type="button" className="button button--primary" onClick={onClose} data-autofocus>
            {t('photos.close')}
          </button>
        </>
      }
    >
      <ScrollRegion className="viewer__stage" label={t('photos.viewer')} regionRef={stageRef}>
        {failed ? (
          <p className="viewer__missing">{t('photos.unavailable')}</p>
        ) : (
          <img
            key={photo.photoId}
            src={api.photoUrl(photo.photoId)}
            alt={title}
            data-zoom={zoom}
            style={sized}
            onLoad={onLoad}
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
