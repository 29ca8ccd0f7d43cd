// @vitest-environment happy-dom
// A listing's photos as the dealer sees them (main's fetching is tested in test/photos): a photo
// not in the cache yet shows as loading and is not asked for, then appears once the cache has it;
// one that could not be fetched says so with a retry that asks main again. The viewer fits the
// whole photo inside its stage, zooms out no further than that, shows actual pixels at 100%, and
// its title explains a gap left by a rejected photo.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PhotoView } from '../../../src/shared/views';
import { installBridge, notAnswered, type TestBridge } from './bridge';

let bridge: TestBridge;
beforeAll(() => {
  bridge = installBridge(notAnswered);
});
afterEach(cleanup);

function photo(order: number, cache: PhotoView['cache'], overrides: Partial<PhotoView> = {}): PhotoView {
  return {
    photoId: String(order),
    order,
    source: `https://img.example/${order}.jpg`,
    originalUrl: `https://dealer.example/${order}.jpg`,
    cache,
    cacheError: null,
    ...overrides,
  };
}

async function gallery(language: 'en' | 'pt-BR', photos: PhotoView[], rejected: number[] = [], online = true) {
  const { initI18n } = await import('../../../src/renderer/src/i18n');
  const { PhotoGallery } = await import('../../../src/renderer/src/components/PhotoGallery');
  initI18n(language);
  const onRetry = vi.fn();
  const view = render(<PhotoGallery photos={photos} rejected={rejected} online={online} onRetry={onRetry} />);
  const again = (next: PhotoView[]) => view.rerender(<PhotoGallery photos={next} rejected={rejected} online={online} onRetry={onRetry} />);
  return { onRetry, again };
}

const images = () => [...document.querySelectorAll('.gallery img')].map((img) => img.getAttribute('src'));

describe('the gallery of a listing opened for the first time', () => {
  it('shows the photos not fetched yet as loading, without asking for them, then shows them', async () => {
    const { again } = await gallery('en', [photo(1, 'cached'), photo(2, 'not_cached'), photo(3, 'pending')]);
    expect(images()).toEqual(['showroom-photo://photo/1']);
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual(['Loading photo…', 'Loading photo…']);
    expect(screen.queryByText('Could not be downloaded')).toBeNull();

    // The listing read again once main has fetched them (the cache changed).
    again([photo(1, 'cached'), photo(2, 'cached'), photo(3, 'cached')]);
    expect(images()).toEqual(['showroom-photo://photo/1', 'showroom-photo://photo/2', 'showroom-photo://photo/3']);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says what failed, with a retry that asks main and shows loading until the cache changes', async () => {
    const { onRetry } = await gallery('pt-BR', [photo(1, 'failed', { cacheError: 'The host answered 503.' })]);
    expect(screen.getByText('Não foi possível baixar').getAttribute('title')).toBe('The host answered 503.');
    fireEvent.click(screen.getByRole('button', { name: 'Tentar a foto 1 de novo' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status').textContent).toBe('Carregando foto…');
    act(() => bridge.emit('cache.changed', { reason: 'photos' }));
    expect(screen.getByText('Não foi possível baixar')).toBeTruthy();
  });

  it('offline, names the state of a photo it cannot fetch instead of loading forever', async () => {
    await gallery('en', [photo(1, 'not_cached')], [], false);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText('Not kept offline (Settings → photos)')).toBeTruthy();
  });

  it('asks again for a photo the cache has but the browser could not show, when the dealer retries', async () => {
    await gallery('en', [photo(1, 'cached')]);
    fireEvent.error(document.querySelector('.gallery img')!);
    expect(images()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Try photo 1 again' }));
    expect(images()[0]).toMatch(/^showroom-photo:\/\/photo\/1\?retry=/);
  });
});

function layOut(stage: HTMLElement, img: HTMLImageElement, photoSize: { width: number; height: number }) {
  Object.defineProperty(stage, 'clientWidth', { configurable: true, value: 1000 });
  Object.defineProperty(stage, 'clientHeight', { configurable: true, value: 500 });
  Object.defineProperty(img, 'naturalWidth', { configurable: true, value: photoSize.width });
  Object.defineProperty(img, 'naturalHeight', { configurable: true, value: photoSize.height });
  fireEvent.load(img);
}

describe('the photo viewer', () => {
  it('fits the whole photo at first, zooms out no further, shows actual pixels at 100%, and fits again', async () => {
    await gallery('en', [photo(1, 'cached'), photo(2, 'cached')]);
    fireEvent.click(screen.getByRole('button', { name: 'Open photo 1' }));
    const viewer = screen.getByRole('dialog');
    const img = viewer.querySelector('img')!;
    layOut(screen.getByRole('region', { name: 'Photo viewer' }), img, { width: 1600, height: 1000 });
    // 1000×500 stage: a 1600×1000 photo fits at half its size (its height decides).
    expect([img.style.width, img.style.height]).toEqual(['800px', '500px']);
    expect(viewer.textContent).toContain('50%');
    expect(screen.getByRole('button', { name: 'Zoom out (−)' }).hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Zoom in (+)' }));
    expect(img.style.height).toBe('625px');
    fireEvent.click(screen.getByRole('button', { name: 'Zoom out (−)' }));
    expect(img.style.height).toBe('500px');

    fireEvent.click(screen.getByRole('button', { name: '100%' }));
    expect([img.style.width, img.style.height]).toEqual(['1600px', '1000px']);
    fireEvent.click(screen.getByRole('button', { name: 'Fit' }));
    expect(img.style.height).toBe('500px');
  });

  it('explains a gap in the title, in both languages', async () => {
    await gallery('en', [photo(1, 'cached'), photo(2, 'cached'), photo(3, 'cached'), photo(5, 'cached')], [4]);
    fireEvent.click(screen.getByRole('button', { name: 'Open photo 5' }));
    expect(screen.getByRole('dialog', { name: 'Photo 4 of 4 — the portal rejected the one sent 4th' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'ArrowLeft' });
    expect(screen.getByRole('dialog', { name: 'Photo 3 of 4' })).toBeTruthy();
    cleanup();

    await gallery('pt-BR', [photo(1, 'cached'), photo(4, 'cached')], [2, 3]);
    fireEvent.click(screen.getByRole('button', { name: 'Abrir foto 4' }));
    expect(screen.getByRole('dialog', { name: 'Foto 2 de 2 — o portal recusou as 2ª e 3ª enviadas' })).toBeTruthy();
  });
});
