// When the reader reads its search index: at once for a search, after a quiet moment otherwise
// (not beside the window's first load).
import { describe, expect, it } from 'vitest';
import { indexTiming } from '../../src/main/account-session/index-timing';

describe('indexTiming', () => {
  it('reads at once when the dealer searches (rows or facets with words in the text)', () => {
    expect(indexTiming('query', [{ text: 'toy', sort: { field: 'updatedAt', dir: 'desc' } }])).toBe('now');
    expect(indexTiming('facets', [{ text: 'onix 1.0', filters: {} }])).toBe('now');
  });

  it('waits for a quiet moment after the window’s other questions: no text, only spaces or punctuation, the summary', () => {
    expect(indexTiming('query', [{ text: '', sort: { field: 'updatedAt', dir: 'desc' } }])).toBe('when_quiet');
    expect(indexTiming('query', [{ sort: { field: 'updatedAt', dir: 'desc' } }])).toBe('when_quiet');
    expect(indexTiming('facets', [{ text: '  - ', filters: {} }])).toBe('when_quiet');
    expect(indexTiming('summary', [])).toBe('when_quiet');
  });

  it('does not trust what crossed the thread boundary to be a query', () => {
    expect(indexTiming('query', [])).toBe('when_quiet');
    expect(indexTiming('query', [null])).toBe('when_quiet');
    expect(indexTiming('query', [{ text: 42 }])).toBe('when_quiet');
  });
});
