// A cover photo from the app's photo protocol, loaded lazily; a plain placeholder when missing.
// A photo that could not be shown is tried again once more photos may have arrived (usePhotoEpoch),
// with a query the photo handler ignores so that the browser asks again.
import type { TFunction } from 'i18next';
import { useState } from 'react';
import type { PhotoStatus } from '../../../shared/inventory';
import { api } from '../api';
import { usePhotoEpoch } from '../hooks/usePhotoEpoch';

/**
 * `t`: the list's translation (a row draws no translation hook of its own). `status`: the photo
 * cache's; a cover not downloaded yet shows as loading (the rows of a first sync come before their
 * covers) instead of being asked for and answered "not found".
 */
export function Thumbnail({ photoId, status = null, className, t }: { photoId: string | null; status?: PhotoStatus | null; className?: string; t: TFunction }) {
  const epoch = usePhotoEpoch();
  const [failed, setFailed] = useState<{ photoId: string; epoch: number } | null>(null);
  const failedBefore = photoId !== null && failed?.photoId === photoId;
  if (photoId && status === 'pending')
    return (
      <span className={`thumb thumb--empty ${className ?? ''}`} aria-label={t('photos.loading')} role="img" aria-busy="true" data-state="loading">
        <span className="spinner" aria-hidden="true" />
      </span>
    );
  if (!photoId || (failedBefore && failed.epoch === epoch)) {
    return (
      <span className={`thumb thumb--empty ${className ?? ''}`} aria-label={t('inventory.noPhoto')} role="img">
        <svg viewBox="0 0 24 24" aria-hidden="true" width="20" height="20">
          <path
            fill="currentColor"
            d="M4 5h16a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1Zm1 2v9l4-4 3 3 2-2 5 5V7H5Zm10 3a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3Z"
          />
        </svg>
      </span>
    );
  }
  const src = failedBefore ? `${api.photoUrl(photoId)}?retry=${epoch}` : api.photoUrl(photoId);
  return (
    <img
      className={`thumb ${className ?? ''}`}
      src={src}
      alt=""
      loading="lazy"
      decoding="async"
      draggable={false}
      onError={() => setFailed({ photoId, epoch })}
    />
  );
}
