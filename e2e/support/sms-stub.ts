import { startTwilioStub, twilioStubConfig } from '../../apps/api/test/support/twilio-stub';

/**
 * Twilio's messaging API stood in for at the network edge (loopback), for the app the browser
 * tests run: the real SDK sends the texts of customers who agreed to them there (decision 0130).
 * Its port follows the app's, so parallel runs do not meet.
 */
export const smsStubPort = (appPort: number) => Number(process.env.E2E_SMS_PORT ?? appPort + 13000);

/** The app's environment for the stub (playwright.config.ts's webServer). */
export const smsStubEnv = (appPort: number): Record<string, string> => twilioStubConfig(`http://127.0.0.1:${smsStubPort(appPort)}`);

/**
 * A mobile number the stub answers 500 every time: a text to it waits in the outbox's backoff, for
 * a spec to see what befalls a text not yet sent (text-opt-out.spec.ts).
 */
export const UNREACHABLE_NUMBER = '+33655500099';

/** Starts the stub; returns what stops it. */
export async function startSmsStub(appPort: number): Promise<() => Promise<void>> {
  const stub = await startTwilioStub({ port: smsStubPort(appPort), unreachable: [UNREACHABLE_NUMBER] });
  return stub.close;
}
