// The layering inside src/main (build/lint/main-layers.js) bites: a planted import across a layer
// it may not cross is an error, an allowed one is not, and a folder missing from the table is flagged.
import { describe, expect, it } from 'vitest';
import { MAIN_LAYERS } from '../../build/lint/main-layers.js';
import { lintVirtual } from './virtual';

async function layerErrors(code: string, filePath: string): Promise<string[]> {
  return (await lintVirtual(code, filePath)).filter((m) => m.ruleId === 'showroom/main-layers').map((m) => m.message);
}

const importing = (from: string) => `import { x } from '${from}';\nexport const y = x;\n`;

describe('src/main layering', () => {
  it('the command line uses the session, not the backend, the cache, sync or the browser shell', async () => {
    for (const target of ['../backend/app-state', '../cache', '../sync', '../browser-shell/server']) {
      expect(await layerErrors(importing(target), 'src/main/cli/x.ts'), target).toHaveLength(1);
    }
    expect(await layerErrors(importing('../../cache/index'), 'src/main/cli/commands/x.ts')).toHaveLength(1);
    expect(await layerErrors(importing('../account-session'), 'src/main/cli/x.ts')).toHaveLength(0);
    expect(await layerErrors(importing('../app-data/language'), 'src/main/cli/x.ts')).toHaveLength(0);
  });

  it('the browser shell shares choices through app-data, not the command line', async () => {
    expect(await layerErrors(importing('../cli/language'), 'src/main/browser-shell/x.ts')).toHaveLength(1);
    expect(await layerErrors(importing('../app-data/language'), 'src/main/browser-shell/x.ts')).toHaveLength(0);
  });

  it('handlers reach the cache only through the session', async () => {
    expect(await layerErrors(importing('../cache'), 'src/main/backend/x.ts')).toHaveLength(1);
    expect(await layerErrors(importing('../sync/lock'), 'src/main/backend/x.ts')).toHaveLength(1);
  });

  it('base imports nothing of main but itself; shared is open to all', async () => {
    expect(await layerErrors(importing('../shell/urls'), 'src/main/base/x.ts')).toHaveLength(1);
    expect(await layerErrors(importing('./logger'), 'src/main/base/x.ts')).toHaveLength(0);
    expect(await layerErrors(importing('../../shared/errors'), 'src/main/base/x.ts')).toHaveLength(0);
  });

  it('a file named like a folder is not taken for it', async () => {
    // backend/cache.ts is the cache channels' handlers, not src/main/cache.
    expect(await layerErrors(importing('./cache'), 'src/main/backend/x.ts')).toHaveLength(0);
  });

  it('export and dynamic import are checked too', async () => {
    expect(await layerErrors("export { x } from '../cache';\n", 'src/main/cli/x.ts')).toHaveLength(1);
    expect(await layerErrors("export const m = () => import('../sync');\n", 'src/main/cli/x.ts')).toHaveLength(1);
  });

  it('a new folder must be given its layers', async () => {
    expect(await layerErrors(importing('../base/logger'), 'src/main/new-folder/x.ts')).toHaveLength(1);
  });

  it('every folder of src/main is in the table', async () => {
    const { readdirSync } = await import('node:fs');
    const folders = readdirSync('src/main', { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    expect(folders).toEqual(Object.keys(MAIN_LAYERS).sort());
  });
});
