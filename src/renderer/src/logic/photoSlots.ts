// The photos of a listing being edited, in the order they will be sent: the ones the portal holds,
// the ones the dealer added (not checked until the portal has fetched them), and the gaps the
// portal's rejections left, each still at its place. What is sent is the addresses, in this order.
import type { PhotoView } from '../../../shared/views';

export type PhotoSlotState = 'portal' | 'unchecked' | 'gap';

export interface PhotoSlot {
  /** Stable across moves (the drag-and-drop id). */
  key: string;
  /** The address sent to the portal; '' for a gap whose address nobody here knows. */
  source: string;
  /** The cached photo to show, for one the portal holds. */
  photoId: string | null;
  state: PhotoSlotState;
  /** For a gap: the position it had on the portal. */
  order?: number;
}

/**
 * The listing's photos and gaps in `order`. A gap whose address Showroom sent (and so knows) is
 * filled with it; the others are left empty for the dealer to fill or remove.
 */
export function photoSlots(photos: readonly PhotoView[], rejected: readonly number[], knownSources: ReadonlyMap<number, string> = new Map()): PhotoSlot[] {
  const held = photos.map((p) => ({
    at: p.order,
    slot: { key: `p${p.photoId}`, source: p.originalUrl || p.source, photoId: p.photoId, state: 'portal' as const },
  }));
  const gaps = rejected.map((order) => ({
    at: order,
    slot: { key: `g${order}`, source: knownSources.get(order) ?? '', photoId: null, state: 'gap' as const, order },
  }));
  return [...held, ...gaps].sort((a, b) => a.at - b.at).map((x) => x.slot);
}

/** Only web addresses: the portal fetches the photo from it. */
export function isPhotoAddress(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export function addPhoto(slots: readonly PhotoSlot[], source: string, key: string): PhotoSlot[] {
  return [...slots, { key, source: source.trim(), photoId: null, state: 'unchecked' }];
}

export function removePhoto(slots: readonly PhotoSlot[], key: string): PhotoSlot[] {
  return slots.filter((s) => s.key !== key);
}

/** The slot moved from one index to another, the others keeping their order. */
export function movePhoto(slots: readonly PhotoSlot[], from: number, to: number): PhotoSlot[] {
  if (from === to || from < 0 || to < 0 || from >= slots.length || to >= slots.length) return [...slots];
  const next = [...slots];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(to, 0, moved);
  return next;
}

/** A gap given an address becomes a photo to send (not checked until the portal has it). */
export function fillGap(slots: readonly PhotoSlot[], key: string, source: string): PhotoSlot[] {
  return slots.map((s) => (s.key === key ? { ...s, source } : s));
}

/** The addresses to send, in order (a gap left empty is not sent). */
export function photoSources(slots: readonly PhotoSlot[]): string[] {
  return slots.map((s) => s.source.trim()).filter((s) => s !== '');
}

/** The most photos the listing may have: the plan's, never above the portal's own limit. */
export function photoLimit(planPictures: number | null | undefined, portalMax: number): number {
  return planPictures == null ? portalMax : Math.min(planPictures, portalMax);
}

/**
 * The photos a pending edit sends, as slots: one the portal already holds (same address) shows as
 * it does now, any other as not checked yet.
 */
export function slotsOfSources(sources: readonly string[], held: readonly PhotoSlot[]): PhotoSlot[] {
  return sources.map((source, i) => {
    const same = held.find((s) => s.state === 'portal' && s.source === source);
    return same ?? { key: `s${i}-${source}`, source, photoId: null, state: 'unchecked' };
  });
}
