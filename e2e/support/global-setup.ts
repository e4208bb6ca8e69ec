import { readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { mailFolder, smtpSinkPort, startSmtpSink } from './smtp-sink';

/**
 * Removes the data folders of earlier runs (this run's folder, fresh by timestamp, is kept) and
 * starts the SMTP server the app sends its mail to; returns what stops it after the run.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const stopSmtpSink = await startSmtpSink(smtpSinkPort(Number(process.env.E2E_PORT ?? 3100)), mailFolder());
  removeEarlierDataFolders();
  return stopSmtpSink;
}

/** Runs on other ports may be going on now: only folders left alone this long are removed. */
const STALE_AFTER_MS = 6 * 3_600_000;

function removeEarlierDataFolders(): void {
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
    if (!name.startsWith('e2e-data-') || full === current) continue;
    try {
      if (Date.now() - statSync(full).mtimeMs < STALE_AFTER_MS) continue;
    } catch {
      continue;
    }
    rmSync(full, { recursive: true, force: true });
  }
}
