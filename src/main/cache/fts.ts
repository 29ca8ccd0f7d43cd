// Turns what the dealer typed into a safe FTS5 query. The text is never passed through as FTS
// syntax: it is cut into words the way the index's tokenizer cuts them, and each word becomes a
// quoted prefix term, so `"`, `*`, `-`, `:`, `(`, NEAR, AND, OR, NOT are just characters.

// unicode61 keeps letters, numbers and private-use characters together and splits on the rest;
// combining marks stay with their letter (remove_diacritics drops them at index and query time).
const WORD = /[\p{L}\p{N}\p{M}\p{Co}]+/gu;
const MAX_TERMS = 12;

/** The words of a search, lower-cased; empty when there is nothing to search for. */
export function searchWords(text: string): string[] {
  const words = text.normalize('NFKC').toLowerCase().match(WORD) ?? [];
  return [...new Set(words)].slice(0, MAX_TERMS);
}

/**
 * Every word must match (AND), each of two or more characters as a prefix: "volks gol 1d2" finds "Volkswagen Gol … ABC-1D23".
 * A one-character word is a whole word beside others ("C 180", "1.0"), and a prefix alone (see `prefixTerm`).
 * A plate typed with a dash splits into its halves, which the `plate` column indexes separately;
 * typed without, it matches the compact plate column. Returns null when there is no word.
 */
export function ftsMatchExpression(text: string, termsStartingWith?: TermLookup): string | null {
  const words = searchWords(text);
  if (words.length === 0) return null;
  const alone = words.length === 1;
  if (termsStartingWith === undefined) return words.map((w) => prefixTerm(w, alone)).join(' ');
  return words.map((w) => expandedTerm(w, termsStartingWith, alone)).join(' AND ');
}

// Words are made of letter/number characters only, so the quotes need no escaping; the
// doubling is kept as a belt-and-braces guarantee.
const quote = (w: string): string => `"${w.replaceAll('"', '""')}"`;

/**
 * A single character beside other words is a whole word the dealer means ("1.0", "C 180"): as a
 * prefix it would match a large part of the vocabulary (every number starting with "1"). Alone, it
 * is the first letter of what the dealer is typing, and a prefix like any other: the list narrows
 * from the first key instead of emptying until the second ("c" finds Chevrolet and Civic).
 */
const isWholeWord = (w: string, alone: boolean): boolean => !alone && Array.from(w).length === 1;
const prefixTerm = (w: string, alone: boolean): string => `${quote(w)}${isWholeWord(w, alone) ? '' : '*'}`;

/** The index's terms starting with a word, at most `limit` of them. */
export type TermLookup = (word: string, limit: number) => string[];

/** Up to this many terms, a long prefix is searched as the terms themselves. */
export const EXPAND_MAX = 16;
/** Words the tokenizer keeps exactly as typed (lower-case ASCII letters and digits): their terms can be looked up as is. */
const ASCII_WORD = /^[a-z0-9]+$/;

/**
 * The index keeps no prefix entries (schema 11): a prefix query ("direcao*") makes FTS5 merge the
 * doclists of every term it begins before it can answer, several times the cost of reading the
 * terms themselves. So a word of two characters or more becomes the terms of the index it begins
 * ("direcao" → "direcao"; "gol" → ("gol" OR "golf"); "comp" → ("compass" OR "computador" OR …)):
 * the same listings match. No term at all: the word as an exact term, which matches nothing
 * either. More than EXPAND_MAX terms (most two-letter words): the prefix query after all.
 */
function expandedTerm(word: string, termsStartingWith: TermLookup, alone: boolean): string {
  if (word.length < 2 || !ASCII_WORD.test(word)) return prefixTerm(word, alone);
  const terms = termsStartingWith(word, EXPAND_MAX + 1).filter((t) => t.startsWith(word));
  if (terms.length > EXPAND_MAX) return prefixTerm(word, alone);
  if (terms.length <= 1) return quote(terms[0] ?? word);
  return `(${terms.map(quote).join(' OR ')})`;
}

/** A search word as the in-memory index reads it (search-index.ts): the term itself, or every term it begins. */
export interface IndexedWord {
  word: string;
  exact: boolean;
}

/**
 * Latin letters with accents (U+00C0–U+017F) as unicode61's remove_diacritics folds them: the
 * letter their canonical decomposition starts with, when that is a plain ASCII letter ("ç" → "c",
 * "ã" → "a"). Letters without one ("ß", "ø", "æ") are not here. test/cache/search-index.test.ts
 * checks each against FTS5's own tokenizer.
 */
export const FOLDED_LETTERS: ReadonlyMap<string, string> = new Map(
  Array.from({ length: 0x17f - 0xc0 + 1 }, (_, i) => String.fromCodePoint(0xc0 + i))
    .map((c) => [c, c.normalize('NFD')] as const)
    .filter(([c, d]) => d !== c && /^[A-Za-z]\p{M}+$/u.test(d))
    .map(([c, d]) => [c, (d[0] as string).toLowerCase()] as const),
);
const FOLDABLE = /[\u00c0-\u017f]/g;

/**
 * The words as the in-memory index can match them, with the meaning `ftsMatchExpression` gives
 * them: a single character beside other words is the whole term; any other word, every term it
 * begins (a long word's expansion is the terms it begins, or nothing when none does). Accented
 * Latin letters are folded as the tokenizer folds them. Null when a word is anything else:
 * FTS5's tokenizer may fold or split it, so FTS5 searches it.
 */
export function indexedWords(words: readonly string[]): IndexedWord[] | null {
  const out: IndexedWord[] = [];
  for (const w of words) {
    const word = w.replace(FOLDABLE, (c) => FOLDED_LETTERS.get(c) ?? c);
    if (!ASCII_WORD.test(word)) return null;
    // One letter folds to one: the length is the typed word's, as prefixTerm counts it.
    out.push({ word, exact: isWholeWord(word, words.length === 1) });
  }
  return out;
}

/** A search that is one first character alone ("c", "7"): the first key of a word, a prefix that matches much of the stock. */
export function isFirstLetter(words: readonly IndexedWord[]): boolean {
  return words.length === 1 && words[0]?.exact === false && words[0].word.length === 1;
}
