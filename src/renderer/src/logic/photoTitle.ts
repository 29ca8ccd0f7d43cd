// The photo viewer's title: which photo of how many, and, where the portal rejected the photos
// sent just before this one (a gap in `order`), which ones, counted as the dealer sent them.
import type { TFunction } from 'i18next';

export function photoTitle(
  t: TFunction,
  language: string,
  { n, total, rejectedBefore }: { n: number; total: number; rejectedBefore: readonly number[] },
): string {
  if (rejectedBefore.length === 0) return t('photos.position', { n, total });
  const sent = rejectedBefore.map((order) => t('photos.sent', { count: order, ordinal: true }));
  const list = new Intl.ListFormat(language, { type: 'conjunction' }).format(sent);
  return t('photos.positionAfterRejected', { n, total, count: rejectedBefore.length, sent: list });
}
