// What the reader searches for itself as the account opens (the dealer's likely first words).
import { describe, expect, it } from 'vitest';
import { firstSearches, MAX_FIRST_SEARCHES } from '../../src/main/account-session/first-searches';

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
