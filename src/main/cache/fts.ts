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
 * A plate typed with a dash splits into its halves, which the `plate` column indexes separately;
 * typed without, it matches the compact plate column. Returns null when there is no word.
 */
export function ftsMatchExpression(text: string): string | null {
  const words = searchWords(text);
  if (words.length === 0) return null;
  // Words are made of letter/number characters only, so the quotes need no escaping; the
  // doubling is kept as a belt-and-braces guarantee.
  // A single character as a prefix would expand to a large part of the vocabulary (every number
  // starting with "1"); alone it is a whole word the dealer means ("1.0", "C 180").
  return words.map((w) => `"${w.replaceAll('"', '""')}"${[...w].length > 1 ? '*' : ''}`).join(' ');
}
