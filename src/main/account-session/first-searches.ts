// What the reader thread searches for itself as the account opens, once its search index is
// loaded: what a dealer types first, taken from a listing of the account's own (its brand a
// letter at a time, its model, both). V8 runs a function's first calls in its interpreter and
// compiles it once it is hot: the dealer's first words after a start took several times longer in
// the reader than the same words later (bench/renderer-inventory.ts; docs/measurements.md). These
// searches (one per turn of the reader's event loop) compile the search path before the first
// key. Then the first letters of the stock's brands, most listings first: the first key of a word
// matches much of the stock, and the reader keeps those matches
// (cache/snapshot.ts, LETTER_MATCHES_KEPT). Pure; worker.ts runs them.
import type { FacetValue } from '../../shared/inventory-filters';
import { indexedWords, searchWords } from '../cache/fts';
import { LETTER_MATCHES_KEPT } from '../cache/snapshot';

/** At most this many searches: each runs in one step, and a question waits for one step at most. */
export const MAX_FIRST_SEARCHES = 8;

/** The texts to search for, from a listing's brand and title; none without either. */
export function firstSearches(listing: { brand: string | null; title: string | null } | undefined): string[] {
  const brand = searchWords(listing?.brand ?? '')[0];
  const model = searchWords(listing?.title ?? '').find((w) => w !== brand && !/^\d/.test(w));
  const texts: string[] = [];
  // A letter, then a prefix that matches much of the stock, then fewer, then the word.
  if (brand !== undefined) for (const n of [1, 2, 3, 4]) if (n < brand.length) texts.push(brand.slice(0, n));
  if (brand !== undefined) texts.push(brand);
  if (model !== undefined && model.length > 2) texts.push(model.slice(0, 2));
  if (model !== undefined) texts.push(model, brand === undefined ? model : `${brand} ${model}`);
  return [...new Set(texts)].slice(0, MAX_FIRST_SEARCHES);
}

/** The first letters of the brands (a facet's values), the most listed first, as the in-memory index reads them; at most as many as the reader keeps. */
export function firstLetters(brands: readonly FacetValue[]): string[] {
  const letters: string[] = [];
  for (const { value } of [...brands].sort((a, b) => b.count - a.count)) {
    const initial = searchWords(value)[0]?.charAt(0);
    const letter = initial === undefined ? undefined : indexedWords([initial])?.[0]?.word;
    if (letter !== undefined && !letters.includes(letter)) letters.push(letter);
  }
  return letters.slice(0, LETTER_MATCHES_KEPT);
}
