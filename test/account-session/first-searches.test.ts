// What the reader searches for itself as the account opens (the dealer's likely first words).
import { describe, expect, it } from 'vitest';
import { firstLetters, firstSearches, MAX_FIRST_SEARCHES } from '../../src/main/account-session/first-searches';
import { LETTER_MATCHES_KEPT } from '../../src/main/cache/snapshot';

describe('firstSearches', () => {
  it('types the brand a letter at a time, then the model, then both', () => {
    expect(firstSearches({ brand: 'Chevrolet', title: 'Chevrolet Onix 1.0 LT' })).toEqual([
      'c',
      'ch',
      'che',
      'chev',
      'chevrolet',
      'on',
      'onix',
      'chevrolet onix',
    ]);
  });

  it('never gives more than the limit, nor the same text twice', () => {
    const texts = firstSearches({ brand: 'Fiat', title: 'Fiat Uno Mille' });
    expect(texts).toEqual(['f', 'fi', 'fia', 'fiat', 'un', 'uno', 'fiat uno']);
    expect(new Set(texts).size).toBe(texts.length);
    expect(firstSearches({ brand: 'Volkswagen', title: 'Volkswagen Saveiro Cross' }).length).toBeLessThanOrEqual(MAX_FIRST_SEARCHES);
  });

  it('skips a model that is a number (an engine size) and works from either field alone', () => {
    expect(firstSearches({ brand: 'Honda', title: '2.0 Civic' })).toEqual(['h', 'ho', 'hon', 'hond', 'honda', 'ci', 'civic', 'honda civic']);
    expect(firstSearches({ brand: null, title: 'Onix Plus' })).toEqual(['on', 'onix']);
    expect(firstSearches({ brand: 'BMW', title: null })).toEqual(['b', 'bm', 'bmw']);
  });

  it('gives nothing for an empty stock or a listing without words', () => {
    expect(firstSearches(undefined)).toEqual([]);
    expect(firstSearches({ brand: null, title: null })).toEqual([]);
    expect(firstSearches({ brand: ' - ', title: '…' })).toEqual([]);
  });
});

describe('firstLetters', () => {
  const brand = (value: string, count: number) => ({ value, count });

  it("gives the brands' first letters, the most listed brand's first, each once, as the index reads them", () => {
    expect(firstLetters([brand('Fiat', 10), brand('Chevrolet', 40), brand('Citroën', 30), brand('Škoda', 20), brand('Ford', 5)])).toEqual(['c', 's', 'f']);
  });

  it('skips a brand without a word, and gives at most as many letters as the reader keeps', () => {
    expect(firstLetters([brand(' - ', 99), brand('BMW', 1)])).toEqual(['b']);
    const alphabet = Array.from('abcdefghijklmnopqrstuvwxyz');
    const many = alphabet.map((c, i) => brand(`${c}brand`, 100 - i));
    expect(firstLetters(many)).toEqual(alphabet.slice(0, LETTER_MATCHES_KEPT));
    expect(firstLetters([])).toEqual([]);
  });
});
