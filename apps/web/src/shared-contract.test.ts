/// <reference types="node" />
// One contract (decision 0066): the API's answers are described once, by the zod schemas of
// packages/shared/src/<domain>/*-responses.ts, and the web takes its types from them. A web type
// named like one of those schemas is a hand-written copy that will drift: this test refuses it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const sharedSource = path.join(root, 'packages/shared/src');
const webSource = path.join(root, 'apps/web/src');

function filesUnder(folder: string, keep: (file: string) => boolean): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .map((file) => path.join(folder, file))
    .filter(keep);
}

/** The names a response file exports (`export const X = z.object(...)`, `export type X = ...`). */
function exportedNames(source: string): string[] {
  return [...source.matchAll(/^export\s+(?:const|type|interface)\s+([A-Z]\w*)/gm)].map((match) => match[1]!);
}

/** The interfaces and type aliases a web file declares (imports are not declarations). */
function declaredTypeNames(source: string): string[] {
  return [...source.matchAll(/^\s*(?:export\s+)?(?:interface\s+([A-Z]\w*)|type\s+([A-Z]\w*)\s*(?:<[^=]*>)?\s*=)/gm)].map(
    (match) => (match[1] ?? match[2])!,
  );
}

// Every export of a response file, and the few answers declared beside their request schemas
// (LoginResponse, MessageResponse, CreateBookingResponse).
const responseNames = new Set(
  filesUnder(sharedSource, (file) => file.endsWith('.ts') && !file.endsWith('.test.ts')).flatMap((file) =>
    exportedNames(readFileSync(file, 'utf8')).filter((name) => file.endsWith('-responses.ts') || name.endsWith('Response')),
  ),
);

describe('the web keeps no copy of an API shape', () => {
  it('finds the shared response schemas', () => {
    expect(responseNames).toContain('BookingSummary');
    expect(responseNames).toContain('CarItem');
    expect(responseNames).toContain('PublicConfig');
    expect(responseNames).toContain('MessageResponse');
  });

  it('catches a copy, exported or not, interface or alias', () => {
    const copy = [
      "import { type BookingSummary } from '@vtc/shared/booking/booking-responses';",
      'export interface BookingSummary {',
      '  id: number;',
      '}',
      'type CarItem<T> = { id: number };',
      '  type PublicConfig = { companyEmail: string };',
      'interface BookingFormValues {}',
    ].join('\n');
    expect(declaredTypeNames(copy).filter((name) => responseNames.has(name))).toEqual(['BookingSummary', 'CarItem', 'PublicConfig']);
  });

  it('declares no type named like a shared response schema', () => {
    const copies = filesUnder(webSource, (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file)).flatMap((file) =>
      declaredTypeNames(readFileSync(file, 'utf8'))
        .filter((name) => responseNames.has(name))
        .map((name) => `${path.relative(root, file)}: ${name} (use the type from packages/shared)`),
    );
    expect(copies).toEqual([]);
  });
});
