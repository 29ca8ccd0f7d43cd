// What Showroom alone knows of a listing, because the portal's reads never say it (local schema 5):
// the video link the dealer typed here (a PUT without it removes it), and the photo addresses
// Showroom sent, in order (a rejected photo leaves only a gap in reads, never its address). Kept in
// the local file with the ledger: a rebuilt cache keeps them.
import { isoNow, type Clock } from './clock';
import type { Db } from './db';

export type ListingExtrasStore = ReturnType<typeof createListingExtrasStore>;

export function createListingExtrasStore(db: Db, clock: Clock) {
  const videoOf = db.prepare<[string], string>('SELECT video_url FROM local.listing_video WHERE reference = ?').pluck();
  const setVideo = db.prepare(
    'INSERT INTO local.listing_video (reference, video_url, set_at) VALUES (?, ?, ?) ON CONFLICT (reference) DO UPDATE SET video_url = excluded.video_url, set_at = excluded.set_at',
  );
  const dropVideo = db.prepare('DELETE FROM local.listing_video WHERE reference = ?');
  const sentOf = db.prepare<[string], string>('SELECT source FROM local.sent_pictures WHERE reference = ? ORDER BY position').pluck();
  const forget = db.prepare('DELETE FROM local.sent_pictures WHERE reference = ?');
  const remember = db.prepare('INSERT INTO local.sent_pictures (reference, position, source, sent_at) VALUES (?, ?, ?, ?)');
  const withSent = db.prepare<[], string>('SELECT DISTINCT reference FROM local.sent_pictures ORDER BY reference').pluck();

  return {
    /** The video link typed here for the listing, or null. */
    videoOf(reference: string): string | null {
      return videoOf.get(reference) ?? null;
    },
    /** Sent: from now on every edit made here sends it (null: the dealer removed it). */
    setVideo(reference: string, videoUrl: string | null): void {
      if (videoUrl === null) dropVideo.run(reference);
      else setVideo.run(reference, videoUrl, isoNow(clock));
    },
    /** The photo addresses last sent for the listing, in the order sent (position 1 first). */
    sentPictures(reference: string): string[] {
      return sentOf.all(reference);
    },
    /** Before a write goes out: the addresses it sends, in order (they replace the ones sent before). */
    rememberSent(reference: string, sources: readonly string[]): void {
      const at = isoNow(clock);
      db.transaction(() => {
        forget.run(reference);
        sources.forEach((source, i) => remember.run(reference, i + 1, source, at));
      })();
    },
    /** Listings whose sent photo addresses are known. */
    withSentPictures(): string[] {
      return withSent.all();
    },
  };
}
