import type { Config } from '../../config.ts';

/**
 * The customer's signed link to the live tracking page (`/track/{id}?token=…`, issue 24 item 2),
 * for the "en route" text and mail. That page and the signing of its tokens are not built yet:
 * until they are, there is no link to give and the text goes without it. Replace this body with
 * the tracking area's own signer when it lands.
 */
export function trackingLinkNotBuiltYet(_deps: { config: Pick<Config, 'PUBLIC_URL'> }, _bookingId: number): string | undefined {
  return undefined;
}
