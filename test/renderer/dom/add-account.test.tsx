// @vitest-environment happy-dom
// "Add another account" from Settings: a form of its own under its own title, not the first-run
// welcome, and no demo on offer again; the first run keeps both. The connect form (both screens)
// says why a button is disabled, refuses an http address as the connection test does, and shows one
// outcome at a time. In both languages.
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChannelName, Result } from '../../../src/shared/contract';
import { installBridge, notAnswered } from './bridge';

let answer: (channel: ChannelName) => Result<unknown> = notAnswered;
beforeAll(() => {
  installBridge((channel) => answer(channel));
});
afterEach(() => {
  cleanup();
  answer = notAnswered;
});

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

describe('the connect form', () => {
  const field = (name: RegExp) => screen.getByLabelText<HTMLInputElement>(name);
  const type = (name: RegExp, value: string) => fireEvent.change(field(name), { target: { value } });
  const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
  /** The text a button is described by (why it is disabled), or null. */
  const why = (b: HTMLButtonElement): string | null => {
    const ids = b.getAttribute('aria-describedby');
    return ids === null
      ? null
      : ids
          .split(' ')
          .map((i) => document.getElementById(i)?.textContent ?? '')
          .join(' ');
  };

  it('says why Test connection and Save are disabled, the first thing missing, in both languages', async () => {
    await mount('en', true);
    expect(button('Test connection').disabled).toBe(true);
    expect(why(button('Test connection'))).toBe('To test or save, enter the portal integration address.');
    type(/Portal integration address/, 'https://api.portal.example/integration/v2');
    expect(why(button('Test connection'))).toBe('To test or save, paste the integration token: there is none yet.');
    type(/Integration token/, 'a-token-0123456789');
    expect(button('Test connection').disabled).toBe(false);
    expect(why(button('Test connection'))).toBeNull();
    expect(button('Save and continue').disabled).toBe(true);
    expect(why(button('Save and continue'))).toBe('To save, give the account a name.');
    type(/Account name/, 'My dealership');
    expect(button('Save and continue').disabled).toBe(false);
    expect(why(button('Save and continue'))).toBeNull();
    cleanup();

    await mount('pt-BR', false);
    expect(why(button('Testar conexão'))).toBe('Para testar ou salvar, informe o endereço de integração do portal.');
  });

  it('refuses a plain http address other than this computer, in the words the connection test refuses it with', async () => {
    await mount('en', true);
    type(/Integration token/, 'a-token-0123456789');
    type(/Portal integration address/, 'http://api.portal.example/integration/v2');
    expect(screen.getByTestId('base-url-error').textContent).toBe(
      'The portal address must start with https:// so your integration token is sent encrypted. Plain http:// is only accepted for this computer (localhost, 127.0.0.1, ::1).',
    );
    expect(button('Test connection').disabled).toBe(true);
    expect(why(button('Test connection'))).toBe('To test or save, correct the portal address above.');
    // This computer's http (the sandbox, a local proxy) is accepted without a word, as main accepts it.
    type(/Portal integration address/, 'http://127.0.0.1:4010/integration/v2');
    expect(screen.queryByTestId('base-url-error')).toBeNull();
    expect(button('Test connection').disabled).toBe(false);
  });

  it("a new outcome replaces the last one: a failed save after a failed test shows only the save's error", async () => {
    answer = (channel) =>
      channel === 'accounts.test'
        ? { ok: true, value: { outcome: 'token_refused', planName: null, pathWarning: false, message: 'refused' } }
        : channel === 'accounts.add'
          ? { ok: false, error: { kind: 'keychain_unavailable', code: 'keychain.unavailable', message: 'no keychain' } }
          : notAnswered(channel);
    await mount('en', true);
    type(/Account name/, 'My dealership');
    type(/Portal integration address/, 'https://api.portal.example/integration/v2');
    type(/Integration token/, 'a-token-0123456789');
    await act(async () => fireEvent.click(button('Test connection')));
    expect(await screen.findByText(/The portal refused this integration token/)).toBeTruthy();
    await act(async () => fireEvent.click(button('Save and continue')));
    expect(await screen.findAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByText(/The portal refused this integration token/)).toBeNull();
  });
});
