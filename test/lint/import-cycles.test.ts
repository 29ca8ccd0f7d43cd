// src/main has no import cycle, not even through `import type`: each module can be understood,
// tested and moved with what it imports, and a worker thread loads only what it needs.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const MAIN = join(ROOT, 'src/main');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every relative module a file names: import, import type, export … from, dynamic import(). */
export function importsOf(source: string): string[] {
  const specifiers = new Set<string>();
  const patterns = [
    /\b(?:import|export)\s+(?:type\s+)?[^'";]*?\sfrom\s+['"]([^'"]+)['"]/g,
    /\bimport\s+['"]([^'"]+)['"]/g,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) if (match[1]?.startsWith('.')) specifiers.add(match[1]);
  return [...specifiers];
}

function resolveModule(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      /* not this one */
    }
  }
  return null;
}

/** The cycles of a graph (Tarjan's strongly connected components larger than one, or a self-import). */
export function cyclesOf(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    indices.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, indices.get(next)!));
    }
    if (low.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return cycles;
}

describe('src/main imports', () => {
  it('finds a cycle when there is one (the check itself)', () => {
    expect(
      cyclesOf(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
          ['d', ['a']],
        ]),
      ),
    ).toEqual([['a', 'b', 'c']]);
    expect(importsOf("import type { A } from './a';\nexport { b } from '../b';\nimport './c';\nconst d = await import('./d');")).toEqual([
      './a',
      '../b',
      './c',
      './d',
    ]);
  });

  it('have no cycle, even type-only', () => {
    const graph = new Map<string, string[]>();
    for (const file of filesUnder(MAIN)) {
      const targets = importsOf(readFileSync(file, 'utf8'))
        .map((specifier) => resolveModule(file, specifier))
        .filter((target): target is string => target !== null && target.startsWith(MAIN));
      graph.set(file, targets);
    }
    expect(graph.size).toBeGreaterThan(100);
    expect(cyclesOf(graph).map((cycle) => cycle.map((f) => relative(ROOT, f)))).toEqual([]);
  });
});
