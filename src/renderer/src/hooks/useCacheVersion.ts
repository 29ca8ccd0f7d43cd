import { useState } from 'react';
import { useApiEvent } from './useApiEvent';

/** A number that goes up every time main says the cached inventory changed. */
export function useCacheVersion(): number {
  const [version, setVersion] = useState(0);
  useApiEvent('cache.changed', () => setVersion((v) => v + 1));
  return version;
}
