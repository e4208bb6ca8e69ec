import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

/** Removes the data folders of earlier runs; this run's folder (fresh, by timestamp) is kept. */
export default function globalSetup(): void {
  const current = process.env.E2E_DATA_DIR;
  if (!current) return;
  const parent = path.dirname(current);
  let entries: string[] = [];
  try {
    entries = readdirSync(parent);
  } catch {
    return;
  }
  for (const name of entries) {
    const full = path.join(parent, name);
    if (name.startsWith('e2e-data-') && full !== current) rmSync(full, { recursive: true, force: true });
  }
}
