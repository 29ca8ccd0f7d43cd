import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { devCspFromHeaderOnly, withoutMetaCsp } from '../../build/dev-csp';

describe('dev server CSP', () => {
  it('removes the renderer meta CSP (the dev header from main applies instead), and nothing else', () => {
    const html = readFileSync('src/renderer/index.html', 'utf8');
    expect(html).toMatch(/http-equiv="Content-Security-Policy"/);
    const dev = withoutMetaCsp(html);
    expect(dev).not.toMatch(/Content-Security-Policy/);
    expect(dev).toContain('<script type="module" src="./src/main.tsx"></script>');
    expect(dev).toContain('<meta name="viewport"');
  });

  it('applies only to the dev server, never to the build', () => {
    expect(devCspFromHeaderOnly().apply).toBe('serve');
  });
});
