/// <reference types="node" />
// No import cycle in the web or the shared code it builds on, counting what lint's
// import-x/no-cycle skips: type-only imports (`import type`, `{ type X }`) and dynamic
// `import()`. A type-only loop is still two files that cannot be understood one without the other.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const SHARED_PREFIX = '@vtc/shared/';

type Graph = Map<string, string[]>;

/** Every relative or `@vtc/shared/...` import of each file, type-only and dynamic ones included. */
function importGraph(sources: Map<string, string>): Graph {
  const resolve = (from: string, specifier: string): string | undefined => {
    let base: string;
    if (specifier.startsWith(SHARED_PREFIX)) base = path.join(root, 'packages/shared/src', specifier.slice(SHARED_PREFIX.length));
    else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
    else return undefined;
    return [base, `${base}.ts`, `${base}.tsx`].find((candidate) => sources.has(candidate));
  };
  return new Map(
    [...sources].map(([file, text]) => [
      file,
      ts
        .preProcessFile(text, true, true)
        .importedFiles.map((imported) => resolve(file, imported.fileName))
        .filter((target): target is string => target !== undefined),
    ]),
  );
}

/** The groups of files that reach each other (Tarjan's strongly connected components, size > 1). */
function cycles(graph: Graph): string[][] {
  let counter = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string) => {
    order.set(file, counter);
    low.set(file, counter++);
    stack.push(file);
    for (const target of graph.get(file) ?? []) {
      if (!order.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (stack.includes(target)) {
        low.set(file, Math.min(low.get(file)!, order.get(target)!));
      }
    }
    if (low.get(file) === order.get(file)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        group.push(member);
      } while (member !== file);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const file of graph.keys()) if (!order.has(file)) visit(file);
  return found;
}

function sourcesUnder(...folders: string[]): Map<string, string> {
  return new Map(
    folders.flatMap((folder) =>
      readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.tsx?$/.test(file))
        .map((file) => path.join(root, folder, file))
        .map((file) => [file, readFileSync(file, 'utf8')] as const),
    ),
  );
}

describe('import cycles', () => {
  it('finds a loop made of a type-only import and a dynamic import', () => {
    const a = path.join(root, 'apps/web/src/a.ts');
    const b = path.join(root, 'apps/web/src/b.ts');
    const c = path.join(root, 'apps/web/src/c.ts');
    const graph = importGraph(
      new Map([
        [a, "import type { B } from './b';\nexport type A = B;"],
        [b, "export type B = string;\nexport const load = () => import('./a');"],
        [c, "import { load } from './b';"],
      ]),
    );
    expect(cycles(graph)).toEqual([[a, b]]);
  });

  it('finds none in the web app and packages/shared', () => {
    const found = cycles(importGraph(sourcesUnder('apps/web/src', 'packages/shared/src')));
    expect(found.map((group) => group.map((file) => path.relative(root, file)).join(' -> '))).toEqual([]);
  });
});
