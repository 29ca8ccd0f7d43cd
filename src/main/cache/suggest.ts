// "Did you mean Toyota?": a search word that begins no word of the stock's own vocabulary (its
// brands, the catalogue's names of its models, its trims) is replaced by the nearest one, when one
// is near enough ("toyta" → Toyota, "corola" → Corolla, "volkswagem" → Volkswagen). Asked only when
// a search finds nothing; the vocabulary is read once per state of the listings (a few thousand
// words at 100,000 listings), so a suggestion costs one pass over it.
import { FOLDED_LETTERS } from './fts';
import type { Db } from './db';

/** Shorter words are too often a near miss of something: no suggestion for them. */
const MIN_LENGTH = 4;

/** The typos forgiven: one for a short word, two from eight letters on. */
const maxDistance = (length: number): number => (length >= 8 ? 2 : 1);

const FOLDABLE = /[\u00c0-\u017f]/g;
/** A word as the search compares it: lower-case, accents folded as the index folds them (fts.ts). */
export const foldWord = (word: string): string => word.toLowerCase().replace(FOLDABLE, (c) => FOLDED_LETTERS.get(c) ?? c);

/**
 * The edit distance of two words (insertions, deletions, substitutions and swaps of two neighbours,
 * each 1: "optimal string alignment"), or `max + 1` once it is known to exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = new Array<number>(b.length + 1).fill(0);
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, (before[j - 2] as number) + 1);
      current[j] = d;
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > max) return max + 1;
    before = previous;
    previous = current;
  }
  return Math.min(previous[b.length] as number, max + 1);
}

/** The stock's words, folded → as first written (the display form: "Toyota", "Corolla"). */
export type Vocabulary = ReadonlyMap<string, string>;

export function vocabularyOf(names: Iterable<string>): Vocabulary {
  const out = new Map<string, string>();
  for (const name of names) {
    for (const word of name.normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? []) {
      const folded = foldWord(word);
      if (folded.length >= MIN_LENGTH && /\p{L}/u.test(folded) && !out.has(folded)) out.set(folded, word);
    }
  }
  return out;
}

/** A word as the search's tokenizer cuts it (fts.ts). */
const WORD = /[\p{L}\p{N}\p{M}\p{Co}]+/gu;

/** The nearest word of the vocabulary to a typed word the stock has none like, or null. */
function correction(typed: string, vocabulary: Vocabulary): string | null {
  const word = foldWord(typed);
  if (word.length < MIN_LENGTH || /\d/.test(word)) return null;
  // A word the search finds (as the prefix of some word) needs no correction.
  for (const known of vocabulary.keys()) if (known.startsWith(word)) return null;
  const max = maxDistance(word.length);
  let best: { distance: number; display: string } | null = null;
  for (const [known, display] of vocabulary) {
    const d = editDistance(word, known, max);
    if (d <= max && (best === null || d < best.distance)) best = { distance: d, display };
  }
  return best?.display ?? null;
}

/** The search as typed with each unknown word replaced by the nearest word of the vocabulary, or null when none was. */
export function suggestSearch(text: string, vocabulary: Vocabulary): string | null {
  const typed = text.normalize('NFKC');
  const out = typed.replace(WORD, (word) => correction(word, vocabulary) ?? word);
  return out === typed ? null : out.trim();
}

/** The vocabulary of the stock's brands, its models' catalogue names and its trims, as stored now. */
export function readVocabulary(db: Db): Vocabulary {
  const names = db
    .prepare<[], string>(
      `SELECT DISTINCT brand FROM vehicles WHERE brand IS NOT NULL
       UNION SELECT DISTINCT name FROM catalogue_items WHERE list = 'models' AND id IN (SELECT DISTINCT model_id FROM vehicles)
       UNION SELECT DISTINCT trim FROM vehicles WHERE trim IS NOT NULL`,
    )
    .pluck()
    .all();
  return vocabularyOf(names);
}
