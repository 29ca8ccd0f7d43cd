import { describe, expect, it } from 'vitest';
import { BRIDGE_SCRIPT_PATH, injectBridgeScript } from '../../src/main/browser-shell/index-html';

describe('injectBridgeScript', () => {
  it("puts the bridge first in <head>, before the renderer's own module", () => {
    const html = '<!doctype html><html><head lang="x"><meta charset="UTF-8"><script type="module" src="./assets/index.js"></script></head><body></body></html>';
    const out = injectBridgeScript(html);
    const bridge = out.indexOf(`src="${BRIDGE_SCRIPT_PATH}"`);
    expect(bridge).toBeGreaterThan(out.indexOf('<head lang="x">'));
    expect(bridge).toBeLessThan(out.indexOf('./assets/index.js'));
    expect(out.match(/<script/g)).toHaveLength(2);
  });

  it('refuses a document without <head> rather than serving an app without its bridge', () => {
    expect(() => injectBridgeScript('<html><body></body></html>')).toThrow(/rebuild/);
  });
});
