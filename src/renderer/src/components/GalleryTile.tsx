// One photo of a listing's gallery, as far as it has come: loading while it is being fetched (a
// listing opened online fetches the photos not kept offline), the photo once it is in the cache,
// and what went wrong, with a retry, when it could not be fetched or shown. A photo not in the
// cache is not asked for: the answer would only be a not-found.
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { api } from '../api';
import type { PhotoView } from '../../../shared/views';
import { usePhotoEpoch } from '../hooks/usePhotoEpoch';

interface Props {
  photo: PhotoView;
  /** The portal can be reached: a photo not in the cache is on its way (the listing's read fetches it). */
  online: boolean;
  onOpen: () => void;
  /** Fetch again the listing's photos that failed. */
  onRetry: () => void;
  t: TFunction;
}

export function GalleryTile({ photo, online, onOpen, onRetry, t }: Props) {
  const epoch = usePhotoEpoch();
  // Both hold the epoch they happened at: the next change of the cache ends a retry and lets a
  // photo that could not be shown be asked for again.
  const [broken, setBroken] = useState<number | null>(null);
  const [retrying, setRetrying] = useState<number | null>(null);
  const [attempt, setAttempt] = useState(0);

  const retry = () => {
    setRetrying(epoch);
    setBroken(null);
    setAttempt((a) => a + 1);
    if (photo.cache !== 'cached') onRetry();
  };

  let state: 'photo' | 'loading' | 'failed' | 'offline';
  if (photo.cache === 'cached') state = broken === epoch ? 'failed' : 'photo';
  else if (retrying === epoch || (photo.cache !== 'failed' && online)) state = 'loading';
  else if (photo.cache === 'failed') state = 'failed';
  else state = 'offline';

  const order = (
    <span className="gallery__order" aria-hidden="true">
      {photo.order}
    </span>
  );
  if (state === 'photo') {
    const src = attempt > 0 || broken !== null ? `${api.photoUrl(photo.photoId)}?retry=${epoch}-${attempt}` : api.photoUrl(photo.photoId);
    return (
      <button
        type="button"
        className="gallery__item"
        onClick={onOpen}
        aria-label={t('photos.open', { position: photo.order })}
        data-order={photo.order}
        data-cache={photo.cache}
      >
        <img src={src} alt="" loading="lazy" decoding="async" draggable={false} onError={() => setBroken(epoch)} />
        {order}
      </button>
    );
  }
  const failure = photo.cache === 'failed' ? t('photos.cache.failed') : t('photos.notShown');
  return (
    <div className="gallery__item gallery__item--waiting" data-order={photo.order} data-cache={photo.cache} data-state={state} aria-busy={state === 'loading'}>
      {state === 'loading' && (
        <span className="gallery__missing" role="status">
          <span className="spinner" aria-hidden="true" />
          {t('photos.loading')}
        </span>
      )}
      {state === 'failed' && (
        <span className="gallery__missing" title={photo.cacheError ?? undefined}>
          {failure}
          <button type="button" className="link-button" onClick={retry} aria-label={t('photos.retryOne', { position: photo.order })}>
            {t('photos.retry')}
          </button>
        </span>
      )}
      {state === 'offline' && <span className="gallery__missing">{t(`photos.cache.${photo.cache}`)}</span>}
      {order}
    </div>
  );
}
