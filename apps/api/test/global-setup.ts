import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase, pgliteExtensions } from '../src/platform/db/client.ts';
import { REPO_ROOT } from '../src/config.ts';

/** One template per run, so that runs from several checkouts on one server do not drop each other's. */
const TEMPLATE_DB = `vtc_test_template_${process.pid}`;

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
    postgresUrl: string | null;
  }
}

/**
 * Migrates one template database per run; each test file then gets a copy of it
 * (a PGlite data dump, or a PostgreSQL database created from the template).
 */
export default async function globalSetup(project: TestProject) {
  const postgresUrl = process.env.TEST_DATABASE_URL || null;
  project.provide('postgresUrl', postgresUrl);
  project.provide('postgresTemplate', TEMPLATE_DB);
  if (postgresUrl) {
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
    await admin.end();
    const url = new URL(postgresUrl);
    url.pathname = `/${TEMPLATE_DB}`;
    const database = createDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
    await database.migrate();
    await database.close();
    project.provide('pgliteTemplate', '');
    return async () => {
      const dropper = new pg.Client({ connectionString: postgresUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
      await dropper.end();
    };
  }
  const client = new PGlite({ extensions: pgliteExtensions });
  const database = createDatabase({ kind: 'pglite', client });
  await database.migrate();
  const dump = await client.dumpDataDir('none');
  await client.close();
  const dir = path.join(REPO_ROOT, '.tmp');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `pglite-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(file, { force: true });
}
