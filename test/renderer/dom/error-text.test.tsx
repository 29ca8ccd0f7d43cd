// @vitest-environment happy-dom
// An error from main reaches the dealer in the UI language: its message code crosses the real
// bridge and ErrorBox renders it with i18next. An answer without a code is not an error shape: the
// bridge reports an unreadable answer, in the UI language, and its English never reaches the screen.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelName, Result } from '../../../src/shared/contract';
import type { AppErrorShape } from '../../../src/shared/errors';
import { en } from '../../../src/shared/i18n/en';
import { fill } from '../../../src/shared/i18n/messages';
import { ptBR } from '../../../src/shared/i18n/pt-BR';
import { installBridge } from './bridge';

const ENGLISH = fill(en.codes.portal.noListing, { reference: 'AB-1' });

function answer(channel: ChannelName, input: unknown): Result<unknown> {
  const { reference } = input as { reference: string };
  if (reference === 'AB-1')
    return { ok: false, error: { kind: 'not_found', message: ENGLISH, code: 'portal.noListing', params: { reference }, detail: { status: 404 } } };
  // What a main that still sent English sentences would answer.
  return { ok: false, error: { kind: 'not_found', message: `Nothing called ${reference} (no code).` } as AppErrorShape };
}

beforeAll(() => {
  installBridge(answer);
});
afterEach(cleanup);

async function errorOf(reference: string): Promise<unknown> {
  const { api } = await import('../../../src/renderer/src/api');
  return api.call('vehicles.get', { reference }).then(
    () => null,
    (error: unknown) => error,
  );
}

async function show(language: 'en' | 'pt-BR', error: unknown) {
  const { initI18n } = await import('../../../src/renderer/src/i18n');
  const { ErrorBox } = await import('../../../src/renderer/src/components/ErrorBox');
  initI18n(language);
  render(<ErrorBox error={error} />);
  return screen.getByRole('alert');
}

describe('errors in the UI language', () => {
  it('renders a coded error in pt-BR, and in English', async () => {
    const error = await errorOf('AB-1');
    const pt = await show('pt-BR', error);
    expect(pt.textContent).toContain(fill(ptBR.codes.portal.noListing, { reference: 'AB-1' }));
    expect(pt.textContent).toContain(ptBR.errors.kind.not_found);
    expect(pt.textContent).not.toContain(ENGLISH);
    cleanup();
    const english = await show('en', error);
    expect(english.textContent).toContain(ENGLISH);
  });

  it('an uncoded error is refused by the bridge: the dealer reads that the answer was unreadable, in their language', async () => {
    const error = await errorOf('ZZ-9');
    const pt = await show('pt-BR', error);
    expect(pt.querySelector('.error-box__message')?.textContent).toBe(ptBR.codes.app.unreadableAnswer);
    expect(pt.textContent).not.toContain('Nothing called');
    cleanup();
    const english = await show('en', error);
    expect(english.querySelector('.error-box__message')?.textContent).toBe(en.codes.app.unreadableAnswer);
  });
});
