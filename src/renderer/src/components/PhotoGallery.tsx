// The listing's photos in `order`, with the portal's rejected positions shown in place and the
// fix spelled out.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api';
import type { PhotoView } from '../../../shared/views';
import { PhotoViewer } from './PhotoViewer';

interface Props {
  photos: readonly PhotoView[];
  rejected: readonly number[];
}

type Slot = { kind: 'photo'; photo: PhotoView; index: number } | { kind: 'rejected'; order: number };

export function PhotoGallery({ photos, rejected }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  const [broken, setBroken] = useState<ReadonlySet<string>>(new Set());
  const ordered = [...photos].sort((a, b) => a.order - b.order);
  const slots: Slot[] = [
    ...ordered.map((photo, index): Slot => ({ kind: 'photo', photo, index })),
    ...rejected.map((order): Slot => ({ kind: 'rejected', order })),
  ].sort((a, b) => (a.kind === 'photo' ? a.photo.order : a.order) - (b.kind === 'photo' ? b.photo.order : b.order));

  return (
    <div>
      {rejected.length > 0 && (
        <div className="callout callout--warn" role="note">
          <p>
            <strong>{t('photos.rejectedTitle', { count: rejected.length, positions: rejected.join(', ') })}</strong>
          </p>
          <p>{t('photos.rejectedWhy')}</p>
          <p>
            <strong>{t('photos.rejectedFix')}</strong>
          </p>
        </div>
      )}
      {slots.length === 0 ? (
        <p className="muted">{t('photos.none')}</p>
      ) : (
        <ul className="gallery">
          {slots.map((slot) =>
            slot.kind === 'photo' ? (
              <li key={`p${slot.photo.photoId}`}>
                <button
                  type="button"
                  className="gallery__item"
                  onClick={() => setOpen(slot.index)}
                  aria-label={t('photos.open', { position: slot.photo.order })}
                  data-order={slot.photo.order}
                  data-cache={slot.photo.cache}
                >
                  {broken.has(slot.photo.photoId) ? (
                    <span className="gallery__missing">{t(`photos.cache.${slot.photo.cache === 'cached' ? 'failed' : slot.photo.cache}`)}</span>
                  ) : (
                    <img
                      src={api.photoUrl(slot.photo.photoId)}
                      alt=""
                      loading="lazy"
                      decoding="async"
                      draggable={false}
                      onError={() => setBroken((b) => new Set(b).add(slot.photo.photoId))}
                    />
                  )}
                  <span className="gallery__order" aria-hidden="true">
                    {slot.photo.order}
                  </span>
                </button>
              </li>
            ) : (
              <li key={`r${slot.order}`}>
                <div
                  className="gallery__item gallery__item--rejected"
                  data-order={slot.order}
                  role="img"
                  aria-label={t('photos.rejectedSlot', { order: slot.order })}
                >
                  <span aria-hidden="true">⚠</span>
                  <span className="gallery__order" aria-hidden="true">
                    {slot.order}
                  </span>
                </div>
              </li>
            ),
          )}
        </ul>
      )}
      {open !== null && <PhotoViewer photos={ordered} index={open} onIndex={setOpen} onClose={() => setOpen(null)} />}
    </div>
  );
}
