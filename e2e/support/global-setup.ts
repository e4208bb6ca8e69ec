import { readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { startPaymentStubs } from './payment-stubs';
import { startSmsStub } from './sms-stub';
import { startFlightStub } from './flight-stub';
import { mailFolder, smtpSinkPort, startSmtpSink } from './smtp-sink';

/**
 * Removes the data folders of earlier runs (this run's folder, fresh by timestamp, is kept) and
 * starts the SMTP server the app sends its mail to, the Stripe and PayPal stubs it pays
 * through, the Twilio stub it texts through and the AeroDataBox stub it follows flights through; returns what stops them after the run.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const port = Number(process.env.E2E_PORT ?? 3100);
  const stopSmtpSink = await startSmtpSink(smtpSinkPort(port), mailFolder());
  const stopPaymentStubs = await startPaymentStubs(port);
  const stopSmsStub = await startSmsStub(port);
  const stopFlightStub = await startFlightStub(port);
  removeEarlierDataFolders();
  return async () => {
    await stopFlightStub();
    await stopSmsStub();
    await stopPaymentStubs();
    await stopSmtpSink();
  };
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
