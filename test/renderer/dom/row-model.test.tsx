// @vitest-environment happy-dom
// The list's row names the listing's model (the catalogue's name) under its title, between brand and trim.
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { installBridge, notAnswered } from './bridge';
import { renderRow } from './render-row';
import { rowView } from './rows';

beforeAll(() => {
  installBridge(notAnswered);
});
afterEach(cleanup);

it('reads brand · model · trim, and brand · trim until the catalogue is mirrored', async () => {
  const sub = async (model: string | null) =>
    (await renderRow(rowView({ brand: 'Fiat', model, trim: 'Drive 1.0', fuel: 'FLEX', gearbox: 'MANUAL' }), 'en')).querySelector('.inv-sub')?.textContent;
  expect(await sub('Argo')).toBe('Fiat · Argo · Drive 1.0 · Flex · Manual');
  cleanup();
  expect(await sub(null)).toBe('Fiat · Drive 1.0 · Flex · Manual');
});
