// @vitest-environment happy-dom
// "Add another account" from Settings: a form of its own under its own title, not the first-run
// welcome, and no demo on offer again; the first run keeps both. In both languages.
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installBridge, notAnswered } from './bridge';

beforeAll(() => {
  installBridge((channel) => notAnswered(channel));
});
afterEach(cleanup);

async function mount(language: 'en' | 'pt-BR', adding: boolean) {
  const { initI18n } = await import('../../../src/renderer/src/i18n');
  const { createQueryClient } = await import('../../../src/renderer/src/query/queryClient');
  const { FirstRunScreen } = await import('../../../src/renderer/src/screens/FirstRunScreen');
  initI18n(language);
  render(
    <QueryClientProvider client={createQueryClient(() => undefined)}>
      <FirstRunScreen onReady={vi.fn()} onCancel={adding ? vi.fn() : undefined} />
    </QueryClientProvider>,
  );
}

describe('adding another account', () => {
  it('has its own title and form, and does not offer the demo again', async () => {
    await mount('en', true);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Add another account');
    expect(screen.queryByRole('heading', { name: 'Welcome to Showroom' })).toBeNull();
    expect(screen.queryByRole('button', { name: /demo/i })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    cleanup();

    await mount('pt-BR', true);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Adicionar outra conta');
    expect(screen.queryByRole('button', { name: /demonstração/i })).toBeNull();
  });

  it('the first run still welcomes and offers the demo', async () => {
    await mount('en', false);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome to Showroom');
    expect(screen.getByRole('button', { name: /demo/i })).toBeTruthy();
  });
});
