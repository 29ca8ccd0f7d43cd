// @vitest-environment happy-dom
// A row's cover not downloaded yet shows as loading, and is not asked for (a first sync's rows come
// before their covers: asking answered "not found" and drew "no photo" until the next try).
import { cleanup, within } from '@testing-library/react';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { installBridge, notAnswered } from './bridge';
import { renderRow } from './render-row';
import { rowView } from './rows';

beforeAll(() => {
  installBridge(notAnswered);
});
afterEach(cleanup);

it('loading while the photo cache has not downloaded it; the photo once it has', async () => {
  const pending = await renderRow(rowView({ coverPhotoId: '6', coverStatus: 'pending' }), 'en');
  expect(pending.querySelector('img')).toBeNull();
  expect(within(pending).getByRole('img', { name: 'Loading photo…' }).getAttribute('aria-busy')).toBe('true');
  cleanup();
  const cached = await renderRow(rowView({ coverPhotoId: '6', coverStatus: 'cached' }), 'en');
  expect(cached.querySelector('img.thumb')).not.toBeNull();
  cleanup();
  const none = await renderRow(rowView({ coverPhotoId: null, coverStatus: null }), 'en');
  expect(within(none).getByRole('img', { name: 'No photo' })).toBeTruthy();
});
