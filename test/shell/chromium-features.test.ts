// The Chromium features the app's window runs without, as both shells pass them.
import { describe, expect, it } from 'vitest';
import { chromiumFeatureArgs, disableFeaturesSwitch, DISABLED_CHROMIUM_FEATURES } from '../../src/main/shell/chromium-features';

describe('chromium features', () => {
  it('turns off the deferral of tasks after a key press, so a keystroke’s answer is not held behind its frame', () => {
    expect(DISABLED_CHROMIUM_FEATURES).toContain('DeferRendererTasksAfterInput');
    expect(disableFeaturesSwitch()).toEqual({ name: 'disable-features', value: DISABLED_CHROMIUM_FEATURES.join(',') });
  });

  it('is one switch however many features (a second --disable-features would replace the first)', () => {
    expect(chromiumFeatureArgs(['A', 'B'])).toEqual(['--disable-features=A,B']);
    expect(chromiumFeatureArgs([])).toEqual([]);
  });
});
