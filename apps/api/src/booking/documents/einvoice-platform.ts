import type { Config } from '../../config.ts';

/**
 * The certified e-invoicing platform ("plateforme agréée", decision 0139) behind one seam: send a
 * Factur-X file, read its lifecycle status. Chosen by EINVOICE_PLATFORM; `none` sends nothing (the
 * files stay downloadable from the back office).
 */
export type EInvoicePlatform = {
  readonly name: 'none' | 'http';
  /**
   * Hands the platform one document; resolves with the platform's id for it. The document number
   * goes as the idempotency key, so a send repeated after a lost answer files it once.
   */
  send(file: { number: string; filename: string; pdf: Buffer }): Promise<{ platformId: string; status: string }>;
  /** The platform's current lifecycle status of a document it holds (deposited, issued, received, accepted, refused, paid…). */
  status(platformId: string): Promise<string>;
};

/** The job that sends one business document to the platform. */
export const EINVOICE_SEND_JOB = 'einvoice.send';

/** The job that sends one month-end statement to the platform (decision 0150). */
export const EINVOICE_STATEMENT_JOB = 'einvoice.send-statement';

/** Statuses after which nothing changes any more: the status job stops asking. */
export const FINAL_STATUSES = new Set(['accepted', 'refused', 'rejected', 'paid', 'cancelled']);

export class PlatformError extends Error {}

const noPlatform: EInvoicePlatform = {
  name: 'none',
  send: async () => {
    throw new PlatformError('no e-invoicing platform configured');
  },
  status: async () => {
    throw new PlatformError('no e-invoicing platform configured');
  },
};

/**
 * A platform's HTTP API in the AFNOR XP Z12-013 style: `POST {base}/flows` (multipart: the file
 * and its flow info) answers the flow's id; `GET {base}/flows/{id}` its status. The API key is a
 * bearer token. Field names follow the standard's flow service; a given platform's sandbox is
 * what confirms them (README, decision 0139).
 */
function httpPlatform(baseUrl: string, apiKey: string | undefined, timeoutMs = 15_000): EInvoicePlatform {
  const base = baseUrl.replace(/\/+$/, '');
  const headers = (extra: Record<string, string> = {}) => ({ ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}), accept: 'application/json', ...extra });
  async function json(response: Response): Promise<Record<string, unknown>> {
    if (!response.ok) throw new PlatformError(`platform answered ${response.status}`);
    return (await response.json()) as Record<string, unknown>;
  }
  return {
    name: 'http',
    async send(file) {
      const form = new FormData();
      form.append('flowInfo', JSON.stringify({ trackingId: file.number, name: file.filename, flowSyntax: 'Factur-X', flowProfile: 'EN16931', processingRule: 'B2B' }));
      form.append('file', new Blob([new Uint8Array(file.pdf)], { type: 'application/pdf' }), file.filename);
      const body = await json(
        await fetch(`${base}/flows`, { method: 'POST', body: form, headers: headers({ 'idempotency-key': file.number }), signal: AbortSignal.timeout(timeoutMs) }),
      );
      const platformId = body.flowId;
      if (typeof platformId !== 'string' || platformId === '') throw new PlatformError('platform answered no flowId');
      return { platformId, status: typeof body.status === 'string' ? body.status : 'deposited' };
    },
    async status(platformId) {
      const body = await json(await fetch(`${base}/flows/${encodeURIComponent(platformId)}`, { headers: headers(), signal: AbortSignal.timeout(timeoutMs) }));
      if (typeof body.status !== 'string') throw new PlatformError('platform answered no status');
      return body.status;
    },
  };
}

export function einvoicePlatformOf(config: Pick<Config, 'EINVOICE_PLATFORM' | 'EINVOICE_API_URL' | 'EINVOICE_API_KEY'>): EInvoicePlatform {
  if (config.EINVOICE_PLATFORM === 'http' && config.EINVOICE_API_URL) return httpPlatform(config.EINVOICE_API_URL, config.EINVOICE_API_KEY);
  return noPlatform;
}
