// @vitest-environment happy-dom
// A listing's badges say each thing once: an inactive listing off the portal for that reason
// showed "Inactive" twice side by side (its state, and the reason it is off).
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installBridge, notAnswered } from './bridge';
import { rowView } from './rows';

beforeAll(() => {
  installBridge(notAnswered);
});
afterEach(cleanup);

async function badges(overrides: Parameters<typeof rowView>[0]): Promise<string[]> {
  const { initI18n } = await import('../../../src/renderer/src/i18n');
  const { PublicationBadges } = await import('../../../src/renderer/src/components/PublicationBadges');
  const i18n = initI18n('en');
  const { container } = render(<PublicationBadges row={rowView(overrides)} t={i18n.t} />);
  // A badge's explanation follows its text for screen readers ("Inactive: Not on the portal: …").
  return [...container.querySelectorAll('.badge')].map((b) => b.textContent.split(':')[0] ?? '');
}

describe('an inactive listing', () => {
  const off = rowView().publication;
  it('off the portal because it is inactive: "Inactive" once', async () => {
    expect(await badges({ active: false, publication: { ...off, onPortal: false, notOnPortalReason: 'inactive' } })).toEqual(['Inactive']);
  });
  it('off the portal for another reason: the reason, and that it is inactive', async () => {
    expect(await badges({ active: false, publication: { ...off, onPortal: false, notOnPortalReason: 'offElsewhere' } })).toEqual([
      'Taken off elsewhere',
      'Inactive',
    ]);
  });
});
