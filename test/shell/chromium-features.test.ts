// The Chromium features switch, as both shells pass it (which features the window runs without
// is checked on the running window, test/e2e/chromium-features.spec.ts).
import { describe, expect, it } from 'vitest';
import { chromiumFeatureArgs, disableFeaturesSwitch } from '../../src/main/shell/chromium-features';

describe('chromium features', () => {
  it('names the features in one disable-features switch', () => {
    expect(disableFeaturesSwitch(['A', 'B'])).toEqual({ name: 'disable-features', value: 'A,B' });
  });

  it('is one switch however many features (a second --disable-features would replace the first)', () => {
    expect(chromiumFeatureArgs(['A', 'B'])).toEqual(['--disable-features=A,B']);
    expect(chromiumFeatureArgs([])).toEqual([]);
  });
});
