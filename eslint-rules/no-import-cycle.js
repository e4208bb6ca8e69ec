// Refuses an import that closes a loop, counting what import-x/no-cycle skips: type-only imports
// (`import type`, `{ type X }`, `export type … from`) and dynamic `import()`. Two files that each
// need the other to be read are one knot, whatever the compiler erases (decision 0112).
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SHARED_PREFIX = '@vtc/shared/';
const sharedRoot = path.resolve(import.meta.dirname, '../packages/shared/src');

/** The file an import names, or undefined for a package or a file that does not exist. */
function resolveImport(from, specifier) {
  let base;
  if (specifier.startsWith(SHARED_PREFIX)) base = path.join(sharedRoot, specifier.slice(SHARED_PREFIX.length));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else return undefined;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this candidate
    }
  }
  return undefined;
}

/** Each import of a source text: the file it names and where it stands. */
function importsOf(file, text) {
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((imported) => ({ target: resolveImport(file, imported.fileName), pos: imported.pos, end: imported.end }))
    .filter((imported) => imported.target !== undefined);
}

/** Imports read from disk, kept while the file's modification time is unchanged. */
const diskImports = new Map();
function targetsOnDisk(file) {
  const mtime = statSync(file).mtimeMs;
  const known = diskImports.get(file);
  if (known && known.mtime === mtime) return known.targets;
  const targets = [...new Set(importsOf(file, readFileSync(file, 'utf8')).map((imported) => imported.target))];
  diskImports.set(file, { mtime, targets });
  return targets;
}

/** The path from `start` back to `file` through the files on disk, or undefined. */
function pathBack(start, file) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift();
    for (const next of targetsOnDisk(current)) {
      if (next === file) {
        const route = [current];
        for (let step = previous.get(current); step; step = previous.get(step)) route.unshift(step);
        return route;
      }
      if (!previous.has(next)) {
        previous.set(next, current);
        queue.push(next);
      }
    }
  }
  return undefined;
}

export default {
  rules: {
    'no-import-cycle': {
      meta: {
        type: 'problem',
        docs: { description: 'Forbid import cycles, type-only and dynamic imports included.' },
        messages: { cycle: 'Import cycle (type-only and dynamic imports count): {{route}}' },
        schema: [],
      },
      create(context) {
        const file = context.physicalFilename;
        if (!path.isAbsolute(file)) return {};
        return {
          'Program:exit'() {
            const source = context.sourceCode;
            const seen = new Set();
            for (const imported of importsOf(file, source.text)) {
              if (seen.has(imported.target) || imported.target === file) continue;
              seen.add(imported.target);
              const route = pathBack(imported.target, file);
              if (!route) continue;
              const names = [file, ...route, file].map((step) => path.relative(process.cwd(), step));
              context.report({
                loc: { start: source.getLocFromIndex(imported.pos), end: source.getLocFromIndex(imported.end) },
                messageId: 'cycle',
                data: { route: names.join(' -> ') },
              });
            }
          },
        };
      },
    },
  },
};
