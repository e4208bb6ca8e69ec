import type { IncomingHttpHeaders } from 'node:http';
import { startLoopbackServer } from './loopback-server';

export type PaypalStubRequest = { method: string; path: string; headers: IncomingHttpHeaders; body: string };

type StubOrder = {
  id: string;
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';
  amount: { currency_code: string; value: string };
  customId: string | undefined;
  returnUrl: string;
  cancelUrl: string;
  captureId?: string;
};

/** The transmission signature the stub's verify-webhook-signature accepts; anything else is FAILURE. */
export const PAYPAL_STUB_SIGNATURE = 'stub-valid-transmission-signature';

/** The access token the stub's OAuth endpoint issues, and the only one its API accepts. */
export const PAYPAL_STUB_ACCESS_TOKEN = 'A21-stub-access-token';

/**
 * A stand-in for PayPal's REST API on loopback, for the real SDK routed to it by PAYPAL_API_URL.
 * It answers the OAuth token, creates orders (EUR, capture) whose payer-action link is the stub's
 * own /checkoutnow page, which approves the order and sends the browser to the order's return URL
 * as PayPal does (`token` = order id, `PayerID`); GET order; capture (422 ORDER_NOT_APPROVED
 * before approval, one capture per PayPal-Request-Id, 422 ORDER_ALREADY_CAPTURED otherwise);
 * refund of a capture (one per PayPal-Request-Id); verify-webhook-signature (SUCCESS only for
 * PAYPAL_STUB_SIGNATURE and the right webhook id). Every request is kept. `failWith(status)` makes
 * every call after the OAuth token answer that status with PayPal's error body, until `failWith()`.
 */
export async function startPaypalStub(options: { port?: number; webhookId?: string } = {}): Promise<{
  url: string;
  requests: PaypalStubRequest[];
  /** What the customer does on PayPal's page: the order becomes APPROVED. */
  approve(orderId: string): void;
  failWith(status?: number): void;
  close(): Promise<void>;
}> {
  const requests: PaypalStubRequest[] = [];
  const orders = new Map<string, StubOrder>();
  const captures = new Map<string, string>();
  const refunds = new Map<string, string>();
  let count = 0;
  let url = '';
  let failure: number | undefined;
  const orderJson = (order: StubOrder) => ({
    id: order.id,
    intent: 'CAPTURE',
    status: order.status,
    purchase_units: [
      {
        reference_id: 'default',
        amount: order.amount,
        custom_id: order.customId,
        ...(order.captureId && {
          payments: { captures: [{ id: order.captureId, status: 'COMPLETED', amount: order.amount, custom_id: order.customId, final_capture: true }] },
        }),
      },
    ],
    links: [
      { href: `${url}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
      ...(order.status === 'PAYER_ACTION_REQUIRED' ? [{ href: `${url}/checkoutnow?token=${order.id}`, rel: 'payer-action', method: 'GET' }] : []),
    ],
  });
  const unprocessable = (issue: string) => ({
    name: 'UNPROCESSABLE_ENTITY',
    message: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
    details: [{ issue, description: issue }],
  });
  const approve = (orderId: string) => {
    const order = orders.get(orderId);
    if (order && order.status === 'PAYER_ACTION_REQUIRED') order.status = 'APPROVED';
  };

  const server = await startLoopbackServer((request, response, bytes) => {
    const body = bytes.toString('utf8');
    const path = request.url ?? '';
    const method = request.method ?? '';
    requests.push({ method, path, headers: request.headers, body });
    const requestId = typeof request.headers['paypal-request-id'] === 'string' ? request.headers['paypal-request-id'] : undefined;
    const send = (status: number, value: unknown) => {
      response.statusCode = status;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(value));
    };
    const json = () => (body ? (JSON.parse(body) as Record<string, unknown>) : {});

    if (method === 'POST' && path === '/v1/oauth2/token') {
      if (!String(request.headers.authorization ?? '').startsWith('Basic ')) return send(401, { error: 'invalid_client' });
      return send(200, { access_token: PAYPAL_STUB_ACCESS_TOKEN, token_type: 'Bearer', expires_in: 32400, scope: 'https://uri.paypal.com/services/payments' });
    }
    if (path.startsWith('/v') && request.headers.authorization !== `Bearer ${PAYPAL_STUB_ACCESS_TOKEN}`) {
      return send(401, { name: 'AUTHENTICATION_FAILURE', message: 'Authentication failed' });
    }
    if (failure && path.startsWith('/v')) {
      return send(failure, { name: failure >= 500 ? 'INTERNAL_SERVER_ERROR' : 'UNPROCESSABLE_ENTITY', message: `Stub failure ${failure}`, debug_id: 'stubdebug42' });
    }
    if (method === 'POST' && path === '/v2/checkout/orders') {
      const order = json() as {
        intent?: string;
        purchase_units?: { amount?: { currency_code: string; value: string }; custom_id?: string }[];
        payment_source?: { paypal?: { experience_context?: { return_url?: string; cancel_url?: string } } };
      };
      const unit = order.purchase_units?.[0];
      const context = order.payment_source?.paypal?.experience_context;
      if (order.intent !== 'CAPTURE' || !unit?.amount || !context?.return_url || !context.cancel_url) return send(400, { name: 'INVALID_REQUEST' });
      count += 1;
      const created: StubOrder = {
        id: `5O${String(count).padStart(5, '0')}STUB${Date.now() % 100000}`,
        status: 'PAYER_ACTION_REQUIRED',
        amount: unit.amount,
        customId: unit.custom_id,
        returnUrl: context.return_url,
        cancelUrl: context.cancel_url,
      };
      orders.set(created.id, created);
      return send(200, orderJson(created));
    }
    const approval = /^\/checkoutnow\?token=([\w-]+)(&cancel=1)?$/.exec(path);
    if (method === 'GET' && approval) {
      const order = orders.get(approval[1]!);
      if (!order) return send(404, { name: 'RESOURCE_NOT_FOUND' });
      if (!approval[2]) approve(order.id);
      const target = new URL(approval[2] ? order.cancelUrl : order.returnUrl);
      target.searchParams.append('token', order.id);
      if (!approval[2]) target.searchParams.append('PayerID', 'STUBPAYER42');
      response.statusCode = 302;
      response.setHeader('location', target.toString());
      response.end();
      return;
    }
    const getOrder = /^\/v2\/checkout\/orders\/([\w-]+)$/.exec(path);
    if (method === 'GET' && getOrder) {
      const order = orders.get(getOrder[1]!);
      return order ? send(200, orderJson(order)) : send(404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
    }
    const capture = /^\/v2\/checkout\/orders\/([\w-]+)\/capture$/.exec(path);
    if (method === 'POST' && capture) {
      const order = orders.get(capture[1]!);
      if (!order) return send(404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
      if (requestId && captures.get(requestId) === order.id) return send(201, orderJson(order));
      if (order.status === 'PAYER_ACTION_REQUIRED') return send(422, unprocessable('ORDER_NOT_APPROVED'));
      if (order.status === 'COMPLETED') return send(422, unprocessable('ORDER_ALREADY_CAPTURED'));
      order.status = 'COMPLETED';
      order.captureId = `CAPT${order.id}`;
      if (requestId) captures.set(requestId, order.id);
      return send(201, orderJson(order));
    }
    const refund = /^\/v2\/payments\/captures\/([\w-]+)\/refund$/.exec(path);
    if (method === 'POST' && refund) {
      const captured = [...orders.values()].find((order) => order.captureId === refund[1]);
      if (!captured) return send(404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
      const key = requestId ?? `none-${refunds.size}`;
      const id = refunds.get(key) ?? `REFUND${refunds.size + 1}STUB`;
      refunds.set(key, id);
      return send(201, { id, status: 'COMPLETED', amount: captured.amount });
    }
    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      const check = json() as { transmission_sig?: string; webhook_id?: string; webhook_event?: unknown };
      const valid = check.transmission_sig === PAYPAL_STUB_SIGNATURE && check.webhook_id === (options.webhookId ?? check.webhook_id) && typeof check.webhook_event === 'object';
      return send(200, { verification_status: valid ? 'SUCCESS' : 'FAILURE' });
    }
    send(404, { name: 'RESOURCE_NOT_FOUND', message: `No stub for ${method} ${path}` });
  }, options.port);
  url = server.url;
  const failWith = (status?: number) => {
    failure = status;
  };
  return { url, requests, approve, failWith, close: server.close };
}
