/// <reference types="node" />
// The web's import boundaries of `npm run lint` (decision 0067), probed with the repository's own
// ESLint configuration so that a rule that stops biting fails here.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });

/** The rule ids reported for `code` as if it were the file `file` (relative to apps/web/src). */
async function ruleIds(file: string, code: string): Promise<(string | null)[]> {
  const results = await eslint.lintText(code, { filePath: path.join(root, 'apps/web/src', file) });
  return results.flatMap((result) => result.messages.map((message) => message.ruleId));
}

// Linting loads the type-aware resolver once: slow on a busy machine.
describe('web import boundaries (npm run lint)', { timeout: 60_000 }, () => {
  it('fails when a feature imports another feature, statically, lazily or for a type', async () => {
    expect(await ruleIds('features/site/home/boundary-probe.ts', "export { BookingForm } from '../../booking/booking-form';\n")).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await ruleIds('features/site/home/boundary-probe.ts', "export const load = () => import('../contact/contact-page');\n")).toContain(
      'import-x/no-restricted-paths',
    );
    expect(
      await ruleIds('features/admin/bookings/boundary-probe.ts', "import type { CreateBookingPayload } from '../../booking/booking-api';\nexport type Probe = CreateBookingPayload;\n"),
    ).toContain('import-x/no-restricted-paths');
  });

  it('fails when lib/ imports a component', async () => {
    expect(await ruleIds('lib/boundary-probe.ts', "export { Spinner } from '../components/ui/spinner';\n")).toContain('import-x/no-restricted-paths');
  });

  it('fails when a component imports a feature or the app', async () => {
    expect(await ruleIds('components/ui/boundary-probe.ts', "export { createBooking } from '../../features/booking/booking-api';\n")).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await ruleIds('components/ui/boundary-probe.ts', "export { createAppRouter } from '../../app/router';\n")).toContain('import-x/no-restricted-paths');
  });

  it('fails when a primitive of components/ui imports a kit', async () => {
    expect(await ruleIds('components/ui/boundary-probe.ts', "export { CrudTable } from '../admin/crud-screen';\n")).toContain('import-x/no-restricted-paths');
  });

  it('passes the layout as it is: a feature imports its own files, components and lib', async () => {
    const code = [
      "export { createBooking } from './booking-api';",
      "export { Spinner } from '../../components/ui/spinner';",
      "export { apiFetch } from '../../lib/api-fetch';",
      '',
    ].join('\n');
    expect(await ruleIds('features/booking/boundary-probe.ts', code)).toEqual([]);
  });
});
