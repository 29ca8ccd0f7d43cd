// The listing's photos in `order`, with the portal's rejected positions shown in place and the
// fix spelled out.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PhotoView } from '../../../shared/views';
import { GalleryTile } from './GalleryTile';
import { PhotoViewer } from './PhotoViewer';

interface Props {
  photos: readonly PhotoView[];
  rejected: readonly number[];
  /** The portal can be reached (photos not in the cache are being fetched). */
  online: boolean;
  /** Fetch again the photos that failed. */
  onRetry: () => void;
}

type Slot = { kind: 'photo'; photo: PhotoView; index: number } | { kind: 'rejected'; order: number };

export function PhotoGallery({ photos, rejected, online, onRetry }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
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
                <GalleryTile photo={slot.photo} online={online} onOpen={() => setOpen(slot.index)} onRetry={onRetry} t={t} />
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
      {open !== null && <PhotoViewer photos={ordered} rejected={rejected} index={open} onIndex={setOpen} onClose={() => setOpen(null)} />}
    </div>
  );
}
