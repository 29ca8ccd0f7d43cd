// Why a listing matched a search when the row does not show it: a word found in none of what the
// row shows (its title, brand and trim) but in an accessory, an other info or the description
// ("automático" matched the accessory "Piloto automático"). Only the window's rows are read.
import { searchWords } from '../cache/fts';
import { foldWord } from '../cache/suggest';
import type { Vehicle } from '../../shared/vehicle';
import type { SearchMatch } from '../../shared/views';

const WORD = /[\p{L}\p{N}]+/gu;
/** The description's words shown either side of the match. */
const CONTEXT_WORDS = 4;

const foldedWords = (text: string): string[] => (text.normalize('NFKC').match(WORD) ?? []).map(foldWord);
const hasPrefix = (words: readonly string[], word: string): boolean => words.some((w) => w.startsWith(word));

/** Where the first search word the row does not show matched, or null when the row shows every word (or none matched elsewhere). */
export function whyMatched(text: string, shown: string, listing: Pick<Vehicle, 'accessories' | 'otherInfos' | 'description'> | undefined): SearchMatch | null {
  if (listing === undefined) return null;
  const seen = foldedWords(shown);
  for (const word of searchWords(text).map(foldWord)) {
    if (word.length < 2 || hasPrefix(seen, word)) continue;
    const accessory = (listing.accessories ?? []).find((a) => hasPrefix(foldedWords(a.name), word));
    if (accessory !== undefined) return { field: 'accessory', text: accessory.name };
    const info = (listing.otherInfos ?? []).find((o) => hasPrefix(foldedWords(o.name), word));
    if (info !== undefined) return { field: 'otherInfo', text: info.name };
    const words = (listing.description ?? '').normalize('NFKC').match(WORD) ?? [];
    const at = words.findIndex((w) => foldWord(w).startsWith(word));
    if (at >= 0) {
      const from = Math.max(0, at - CONTEXT_WORDS);
      const to = Math.min(words.length, at + CONTEXT_WORDS + 1);
      return { field: 'description', text: `${from > 0 ? '… ' : ''}${words.slice(from, to).join(' ')}${to < words.length ? ' …' : ''}` };
    }
  }
  return null;
}
