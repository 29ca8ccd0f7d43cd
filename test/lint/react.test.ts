// The renderer's React rules are on: the rules of hooks and accessibility on the JSX.
import { describe, expect, it } from 'vitest';
import { lintVirtual } from './virtual';

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  return (await lintVirtual(code, filePath)).map((m) => m.ruleId ?? '');
}

describe('React lint in src/renderer', () => {
  it('flags a hook called conditionally', async () => {
    const code = "import { useState } from 'react';\nexport function A({ on }: { on: boolean }) {\n  if (on) useState(0);\n  return null;\n}\n";
    expect(await ruleIds(code, 'src/renderer/src/x.tsx')).toContain('react-hooks/rules-of-hooks');
  });

  it('flags an image without alternative text and a click on a plain div', async () => {
    const code = 'export const A = () => (\n  <div onClick={() => undefined}>\n    <img src="x.png" />\n  </div>\n);\n';
    const ids = await ruleIds(code, 'src/renderer/src/x.tsx');
    expect(ids).toContain('jsx-a11y/alt-text');
    expect(ids).toContain('jsx-a11y/click-events-have-key-events');
  });
});
