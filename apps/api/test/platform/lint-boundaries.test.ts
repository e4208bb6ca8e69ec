import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/config.ts';

/** The rule ids reported, linted with the repository's own configuration. */
function ruleIds(results: ESLint.LintResult[]): (string | null)[] {
  return results.flatMap((result) => result.messages.map((message) => message.ruleId));
}

// The fixtures are in the config's ignores so that `npm run lint` stays clean; here they are linted on purpose.
const eslint = new ESLint({ cwd: REPO_ROOT, ignore: false });

// The first lint of the run loads the parsers and plugins: seconds on a busy 2-core machine.
describe('import boundaries (npm run lint)', { timeout: 60_000 }, () => {
  it('fails on an import cycle', async () => {
    const fixtures = path.join(REPO_ROOT, 'apps/api/test/platform/fixtures/import-cycle');
    const results = await eslint.lintFiles([path.join(fixtures, 'first.ts'), path.join(fixtures, 'second.ts')]);
    expect(results).toHaveLength(2);
    for (const result of results) expect(ruleIds([result])).toContain('import-x/no-cycle');
  });

  it('fails when the API platform imports a business folder', async () => {
    const results = await eslint.lintText("export { listOrigins } from '../../catalogue/places/origins-repository.ts';\n", {
      filePath: path.join(REPO_ROOT, 'apps/api/src/platform/lib/boundary-probe.ts'),
    });
    expect(ruleIds(results)).toContain('import-x/no-restricted-paths');
  });

  it('fails when a business folder imports one above it, even for a type', async () => {
    const results = await eslint.lintText("import type { BookingRow } from '../booking/bookings-repository.ts';\nexport type Probe = BookingRow;\n", {
      filePath: path.join(REPO_ROOT, 'apps/api/src/catalogue/boundary-probe.ts'),
    });
    expect(ruleIds(results)).toContain('import-x/no-restricted-paths');
  });

  it('fails when packages/shared imports an app', async () => {
    const results = await eslint.lintText("export { loadConfig } from '../../../../apps/api/src/config.ts';\n", {
      filePath: path.join(REPO_ROOT, 'packages/shared/src/time/boundary-probe.ts'),
    });
    expect(ruleIds(results)).toContain('import-x/no-restricted-paths');
  });

  it('passes the layout as it is: booking imports the platform and the catalogue', async () => {
    const results = await eslint.lintText("export { AppError } from '../../platform/lib/app-error.ts';\nexport { listOrigins } from '../../catalogue/places/origins-repository.ts';\n", {
      filePath: path.join(REPO_ROOT, 'apps/api/src/booking/funnel/boundary-probe.ts'),
    });
    expect(ruleIds(results)).toEqual([]);
  });

  it('fails on an import cycle made of type-only imports', async () => {
    const fixtures = path.join(REPO_ROOT, 'apps/api/test/platform/fixtures/type-import-cycle');
    const results = await eslint.lintFiles([path.join(fixtures, 'first.ts'), path.join(fixtures, 'second.ts')]);
    expect(results).toHaveLength(2);
    for (const result of results) expect(ruleIds([result])).toContain('local/no-import-cycle');
  });

  it('fails when operations imports a booking internal, even for a type', async () => {
    const results = await eslint.lintText("export type { BookingRow } from '../../booking/bookings-repository.ts';\n", {
      filePath: path.join(REPO_ROOT, 'apps/api/src/operations/drivers/boundary-probe.ts'),
    });
    expect(ruleIds(results)).toContain('import-x/no-restricted-paths');
  });

  it('fails when the rest of booking imports a use case of the funnel', async () => {
    const probes: [folder: string, specifier: string][] = [['payments', '../funnel/step-three.ts'], ['documents', '../funnel/step-three.ts'], ['.', './funnel/step-three.ts']];
    for (const [folder, specifier] of probes) {
      const results = await eslint.lintText(`export { getStepThree } from '${specifier}';\n`, {
        filePath: path.join(REPO_ROOT, 'apps/api/src/booking', folder, 'boundary-probe.ts'),
      });
      expect(ruleIds(results), folder).toContain('import-x/no-restricted-paths');
    }
  });

  it('lets operations import booking, and refuses the arrow back', async () => {
    const allowed = await eslint.lintText("export { AppError } from '../../platform/lib/app-error.ts';\nexport type { BookingWithStops } from '../../booking/booking-public.ts';\n", {
      filePath: path.join(REPO_ROOT, 'apps/api/src/operations/drivers/boundary-probe.ts'),
    });
    expect(ruleIds(allowed)).toEqual([]);
    const refused = await eslint.lintText("export type { DriverRow } from '../operations/drivers/drivers-repository.ts';\n", {
      filePath: path.join(REPO_ROOT, 'apps/api/src/booking/boundary-probe.ts'),
    });
    expect(ruleIds(refused)).toContain('import-x/no-restricted-paths');
  });
});
