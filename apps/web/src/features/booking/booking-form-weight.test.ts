/// <reference types="node" />
// The home page loads the booking form right after its first screen (features/site/home/booking-slot.tsx):
// what the form's code imports is downloaded and run on every visit, before the page is idle.
// Step three's contact rules (e-mail, phone and the phone number library) belong to step three
// (docs/decisions/0115).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../../..');
const SHARED_PREFIX = '@vtc/shared/';

/** The files a module's code imports when it runs: type-only imports are erased by the build. */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const specifiers = source.statements.flatMap((statement) => {
    if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) return [statement.moduleSpecifier];
    if (ts.isExportDeclaration(statement) && !statement.isTypeOnly && statement.moduleSpecifier) return [statement.moduleSpecifier];
    return [];
  });
  return specifiers.flatMap((specifier) => {
    const name = (specifier as ts.StringLiteral).text;
    let base: string;
    if (name.startsWith(SHARED_PREFIX)) base = path.join(root, 'packages/shared/src', name.slice(SHARED_PREFIX.length));
    else if (name.startsWith('.')) base = path.resolve(path.dirname(file), name);
    else return [];
    const found = [base, `${base}.ts`, `${base}.tsx`].find((candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate));
    return found ? [found] : [];
  });
}

function reachableFrom(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    runtimeImports(file).forEach(visit);
  };
  visit(entry);
  return new Set([...seen].map((file) => path.relative(root, file)));
}

describe("the home page's booking form", () => {
  it("does not bring step three's e-mail and phone rules or the phone number library", () => {
    const loaded = reachableFrom(path.join(root, 'apps/web/src/features/booking/booking-form.tsx'));
    expect(loaded).toContain('packages/shared/src/booking/booking-schemas.ts');
    expect([...loaded].filter((file) => /\/(phone|auth)\/|booking-info-schemas/.test(file))).toEqual([]);
  });
});
