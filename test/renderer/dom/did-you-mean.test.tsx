// @vitest-environment happy-dom
// "Did you mean …?" under a search that found nothing: the session's correction, applied by one
// click (a button: Enter and Space too), in both languages.
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { installBridge, notAnswered, ok, type TestBridge } from './bridge';

let bridge: TestBridge;
beforeAll(() => {
  bridge = installBridge((channel, input) =>
    channel === 'inventory.suggest' ? ok((input as { text: string }).text === 'toyta corola' ? 'Toyota Corolla' : null) : notAnswered(channel),
  );
});
afterEach(cleanup);

async function mount(language: 'en' | 'pt-BR', text: string, onApply: (text: string) => void) {
  const { initI18n } = await import('../../../src/renderer/src/i18n');
  const { createQueryClient } = await import('../../../src/renderer/src/query/queryClient');
  const { DidYouMean } = await import('../../../src/renderer/src/components/DidYouMean');
  initI18n(language);
  render(
    <QueryClientProvider client={createQueryClient(() => undefined)}>
      <DidYouMean text={text} onApply={onApply} />
    </QueryClientProvider>,
  );
}

it("offers the stock's words for a search that found nothing, and one click searches them", async () => {
  const onApply = vi.fn();
  await mount('en', 'toyta corola', onApply);
  const offer = await screen.findByRole('button', { name: 'Did you mean “Toyota Corolla”?' });
  fireEvent.click(offer);
  expect(onApply).toHaveBeenCalledWith('Toyota Corolla');
  expect(bridge.calls.filter((c) => c.channel === 'inventory.suggest').at(-1)?.input).toEqual({ text: 'toyta corola' });
  cleanup();

  await mount('pt-BR', 'toyta corola', vi.fn());
  expect(await screen.findByRole('button', { name: 'Você quis dizer “Toyota Corolla”?' })).toBeTruthy();
});
