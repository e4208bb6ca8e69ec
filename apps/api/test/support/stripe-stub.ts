import { createHmac } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { startLoopbackServer } from './loopback-server';

export type StripeStubRequest = { method: string; path: string; headers: IncomingHttpHeaders; form: URLSearchParams };

/**
 * A stand-in for the Stripe API on loopback, for the real SDK pointed at it with STRIPE_API_URL.
 * It answers POST /v1/checkout/sessions with an open session, POST
 * /v1/checkout/sessions/{id}/expire with the expired session (a 400 for one marked completed),
 * GET /v1/checkout/sessions/{id} with a completed session and its payment intent, POST
 * /v1/refunds with a succeeded refund (one per idempotency key, as Stripe), and keeps every
 * request it got.
 *
 * With `payPage` (the browser tests), a session's url is the stub's own /c/pay/{id} page, which
 * acts as the customer paying on Stripe: it posts a signed checkout.session.completed event to
 * the app's webhook, as Stripe would, then sends the browser to the session's success_url.
 */
export async function startStripeStub(options: { port?: number; payPage?: { webhookUrl: string; webhookSecret: string } } = {}): Promise<{
  url: string;
  requests: StripeStubRequest[];
  /** Sessions to answer as already complete: expiring one is refused, as Stripe does. */
  completed: Set<string>;
  /** Sessions to answer without a payment intent: Stripe cannot refund them, the company must (decision 0138). */
  withoutIntent: Set<string>;
  close(): Promise<void>;
}> {
  const requests: StripeStubRequest[] = [];
  const completed = new Set<string>();
  const withoutIntent = new Set<string>();
  let sessions = 0;
  const refunds = new Map<string, string>();
  const created = new Map<string, { amount: number; currency: string; bookingId: string | null; statementId: string | null; clientReference: string | null; successUrl: string }>();
  let url = '';
  const server = await startLoopbackServer((request, response, body) => {
    const form = new URLSearchParams(body.toString('utf8'));
    requests.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, form });
    response.setHeader('content-type', 'application/json');
    // The browser tests run the stub in another process: they mark a session without intent through this control path.
    const forget = /^\/__stub\/without-intent\/([\w-]+)$/.exec(request.url ?? '');
    if (request.method === 'POST' && forget) {
      withoutIntent.add(forget[1]!);
      response.end('{}');
      return;
    }
    if (request.method === 'POST' && request.url === '/v1/checkout/sessions') {
      sessions += 1;
      const id = `cs_test_stub_${sessions}`;
      created.set(id, {
        amount: Number(form.get('line_items[0][price_data][unit_amount]')),
        currency: form.get('line_items[0][price_data][currency]') ?? 'eur',
        bookingId: form.get('metadata[bookingId]'),
        statementId: form.get('metadata[statementId]'),
        clientReference: form.get('client_reference_id'),
        successUrl: form.get('success_url') ?? '/',
      });
      response.setHeader('request-id', `req_stub_${sessions}`);
      response.end(
        JSON.stringify({
          id,
          object: 'checkout.session',
          mode: form.get('mode'),
          status: 'open',
          payment_status: 'unpaid',
          url: options.payPage ? `${url}/c/pay/${id}` : `https://checkout.stripe.test/c/pay/${id}`,
          amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
          currency: form.get('line_items[0][price_data][currency]'),
          client_reference_id: form.get('client_reference_id'),
          metadata: form.get('metadata[statementId]') ? { statementId: form.get('metadata[statementId]') } : { bookingId: form.get('metadata[bookingId]') },
          success_url: form.get('success_url'),
          cancel_url: form.get('cancel_url'),
        }),
      );
      return;
    }
    const payPage = /^\/c\/pay\/([\w-]+)$/.exec(request.url ?? '');
    if (request.method === 'GET' && payPage && options.payPage) {
      const id = payPage[1]!;
      const session = created.get(id);
      if (!session) {
        response.statusCode = 404;
        response.end('{}');
        return;
      }
      completed.add(id);
      void payByWebhook(options.payPage, id, session).then(
        () => {
          response.statusCode = 303;
          response.setHeader('location', session.successUrl);
          response.end();
        },
        () => {
          response.statusCode = 502;
          response.end('{}');
        },
      );
      return;
    }
    const expire = /^\/v1\/checkout\/sessions\/([\w-]+)\/expire$/.exec(request.url ?? '');
    if (request.method === 'POST' && expire) {
      const id = expire[1]!;
      if (completed.has(id)) {
        response.statusCode = 400;
        response.end(JSON.stringify({ error: { type: 'invalid_request_error', message: `Only Checkout Sessions with a status of open can be expired. This session has a status of complete.` } }));
        return;
      }
      response.end(JSON.stringify({ id, object: 'checkout.session', status: 'expired', payment_status: 'unpaid', url: null }));
      return;
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(request.url ?? '');
    if (request.method === 'GET' && retrieve) {
      const id = retrieve[1]!;
      const paymentIntent = withoutIntent.has(id) ? null : `pi_for_${id}`;
      response.end(JSON.stringify({ id, object: 'checkout.session', status: 'complete', payment_status: 'paid', payment_intent: paymentIntent }));
      return;
    }
    if (request.method === 'POST' && request.url === '/v1/refunds') {
      const key = String(request.headers['idempotency-key'] ?? `none-${refunds.size}`);
      const id = refunds.get(key) ?? `re_stub_${refunds.size + 1}`;
      refunds.set(key, id);
      response.end(JSON.stringify({ id, object: 'refund', status: 'succeeded', payment_intent: form.get('payment_intent'), currency: 'eur' }));
      return;
    }
    response.statusCode = 404;
    response.end(JSON.stringify({ error: { type: 'invalid_request_error', message: `No stub for ${request.method} ${request.url}` } }));
  }, options.port);
  url = server.url;
  return { url, requests, completed, withoutIntent, close: server.close };
}

/** Stripe's webhook for a paid session, signed as Stripe signs (t=…,v1=HMAC-SHA256 of "t.payload"). */
async function payByWebhook(
  target: { webhookUrl: string; webhookSecret: string },
  id: string,
  session: { amount: number; currency: string; bookingId: string | null; statementId: string | null; clientReference: string | null },
): Promise<void> {
  const payload = JSON.stringify({
    id: `evt_stub_paid_${id}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id,
        object: 'checkout.session',
        payment_status: 'paid',
        status: 'complete',
        amount_total: session.amount,
        currency: session.currency,
        client_reference_id: session.clientReference,
        // A month-end statement's session (decision 0150) names the statement, a deposit's the booking.
        metadata: session.statementId ? { statementId: session.statementId } : { bookingId: session.bookingId },
        payment_intent: `pi_for_${id}`,
      },
    },
  });
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = createHmac('sha256', target.webhookSecret).update(`${timestamp}.${payload}`).digest('hex');
  const answer = await fetch(target.webhookUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': `t=${timestamp},v1=${signature}` },
    body: payload,
  });
  if (!answer.ok) throw new Error(`webhook answered ${answer.status}`);
}
