// Who may import whom inside src/main (as VS Code's code-layering rule does for its layers): each
// folder lists the folders of src/main it may import; src/shared is open to all of them. An import
// is resolved against the importing file's own path, so a file named like a folder (backend/cache.ts)
// is never mistaken for one. Lower layers first.
import { dirname, join, normalize, relative, sep } from 'node:path';

/** @type {Record<string, readonly string[]>} */
export const MAIN_LAYERS = {
  // Infrastructure every part of main may use: logging, redaction, fetch, atomic and private files,
  // contained paths, bounded concurrency.
  base: [],
  // The app's own data folder: where it is, the app state, the settings, the language chosen.
  'app-data': ['base'],
  secrets: ['base'],
  locks: ['base'],
  portal: ['base'],
  cache: ['base', 'locks'],
  photos: ['base', 'cache', 'locks'],
  // The kinds of change the dealer makes offline (one module each) and the ledger's delivery.
  changes: ['base', 'cache', 'portal'],
  sync: ['base', 'cache', 'changes', 'locks', 'portal'],
  export: ['base', 'cache'],
  accounts: ['base', 'locks', 'portal', 'secrets'],
  // One open account, in a worker thread.
  'account-session': ['base', 'accounts', 'cache', 'changes', 'export', 'locks', 'photos', 'portal', 'secrets', 'sync'],
  // The decisions both shells share (windows, protocols, CSP, URLs): Electron's main and the browser shell.
  shell: ['base', 'export', 'photos'],
  // The bridge's gate, and the handlers over the session. The demo mode starts the sandbox.
  ipc: ['base', 'export', 'photos', 'sandbox', 'secrets', 'shell'],
  backend: ['account-session', 'accounts', 'app-data', 'base', 'export', 'ipc', 'photos', 'sandbox', 'secrets', 'shell'],
  // The two hosts of the app's window and the command line: the top.
  'browser-shell': ['app-data', 'backend', 'base', 'export', 'ipc', 'secrets', 'shell'],
  cli: ['account-session', 'accounts', 'app-data', 'base', 'export', 'secrets'],
};

/** The top folder of src/main (or src/sandbox, src/shared…) a path lies in, or undefined. */
function placeOf(path) {
  const parts = normalize(path).split(sep);
  const i = parts.lastIndexOf('src');
  if (i < 0) return undefined;
  if (parts[i + 1] !== 'main') return parts[i + 1] === undefined ? undefined : { area: parts[i + 1] };
  // src/main/index.ts (Electron's lifecycle) is the composition root: it may import any layer.
  const layer = parts[i + 2];
  return { area: 'main', layer: layer === undefined || /^index(\.[cm]?[jt]s)?$/.test(layer) ? undefined : layer };
}

/** @type {import('eslint').Rule.RuleModule} */
export const mainLayersRule = {
  meta: {
    type: 'problem',
    docs: { description: 'src/main folders import only the layers listed for them (build/lint/main-layers.js)' },
    schema: [],
  },
  create(context) {
    const from = placeOf(context.filename);
    if (from?.area !== 'main' || from.layer === undefined) return {};
    const allowed = MAIN_LAYERS[from.layer];
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = placeOf(join(dirname(context.filename), source));
      if (target === undefined || target.area === 'shared') return;
      const name = target.area === 'main' ? target.layer : target.area;
      if (name === from.layer) return;
      if (allowed === undefined) {
        context.report({
          node,
          message: `src/main/${from.layer} is not in the layer table (build/lint/main-layers.js): add it with the layers it may import.`,
        });
      } else if (!allowed.includes(name ?? 'index')) {
        const where = relative(join(dirname(context.filename)), join(dirname(context.filename), source));
        context.report({
          node,
          message: `src/main/${from.layer} may not import ${target.area === 'main' ? `src/main/${name ?? 'index.ts'}` : `src/${name}`} (${where}): its layers are ${allowed.join(', ') || 'none but src/shared'}.`,
        });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};
