import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAdmin, registerUser } from '../support/auth-helpers.ts';
import { startPaypalStub } from '../support/paypal-stub.ts';
import { startStripeStub } from '../support/stripe-stub.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { parisLocalIn } from '../booking/booking-helpers.ts';

/**
 * Seeded requests to every route and method of the OpenAPI document the app serves, shaped by
 * each route's own schemas with hostile values mixed in (ids past PostgreSQL's integer range,
 * NUL bytes, calendar line breaks, wrong types, broken multipart bodies), without a token, as a
 * customer and as an admin. Not one may be answered 5xx.
 */

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
};
type Parameter = { in: 'path' | 'query'; name: string; schema: JsonSchema };
type Operation = { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } };
type FuzzRequest = {
  method: string;
  url: string;
  auth: 'none' | 'customer' | 'admin';
  headers: Record<string, string>;
  payload?: string | Buffer;
};

const SEED = 20_261_123;
const PER_OPERATION = 45;
const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;

const hostileNumber = fc.constantFrom(2 ** 31, 2 ** 31 - 1, 2 ** 32, 2 ** 53, 2 ** 63, -1, 0, -(2 ** 31) - 1, 1.5, 1e308, -0);
const hostileText = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'Nice\u0000Monaco',
    'Nice\rDTSTART:19700101T000000Z',
    'Nice\r\nATTENDEE:mailto:x@example.test',
    'Nice\nEND:VEVENT',
    '2147483648',
    '99999999999999999999',
    '-1',
    '1e3',
    '',
    ' ',
    '\ud800',
    '\u202e',
    "'; drop table bookings; --",
    'x'.repeat(5000),
  ),
  fc.string({ unit: 'binary', maxLength: 20 }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileNumber,
  hostileText,
  fc.constantFrom(null, true, [], {}, [1, 2], { a: '\u0000' }),
);

/** Plausible text for a field, by its name, so the other fields of a request pass and the hostile one is reached. */
function plausibleText(name: string, schema: JsonSchema): fc.Arbitrary<string> {
  const lower = name.toLowerCase();
  if (lower.includes('email')) return fc.integer({ min: 1, max: 1_000_000 }).map((n) => `fuzz-${n}@example.test`);
  if (lower.includes('phone')) return fc.constant('+33612345678');
  if (lower.includes('password')) return fc.constant('correct-horse-battery');
  if (lower === 'date') return fc.integer({ min: 3 * 60, max: 300 * 24 * 60 }).map((minutes) => parisLocalIn(minutes));
  if (lower.includes('time')) return fc.constantFrom('10:30', '23:59');
  if (lower === 'after') return fc.constantFrom('1', '5', '100');
  if (lower === 'title' || lower === 'city' || lower === 'name') return withNul(fc.constantFrom('Nice', 'Monaco', 'Cannes', 'Aéroport Nice Côte d’Azur'));
  return withNul(fc.string({ maxLength: Math.min(schema.maxLength ?? 30, 30) }));
}

/** Free text, now and then with a NUL character inside, which PostgreSQL text cannot store. */
const withNul = (text: fc.Arbitrary<string>) =>
  fc.oneof({ arbitrary: text, weight: 3 }, { arbitrary: text.map((value) => `${value}\u0000${value}`), weight: 1 });

/** A value shaped by a JSON schema, with a hostile value in its place now and then. */
function valueOf(schema: JsonSchema, name: string): fc.Arbitrary<unknown> {
  return fc.oneof({ arbitrary: plausibleValue(schema, name), weight: 10 }, { arbitrary: hostileValue, weight: 1 });
}

function plausibleValue(schema: JsonSchema, name: string): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((option) => plausibleValue(option, name)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const shape = Object.fromEntries(Object.entries(properties).map(([key, child]) => [key, valueOf(child, key)]));
      return fc.record(shape, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
    }
    case 'array':
      return fc.array(valueOf(schema.items ?? {}, name), { maxLength: Math.min(schema.maxItems ?? 3, 3) });
    case 'integer': {
      const small = fc.integer({ min: Math.max(schema.minimum ?? 0, -1000), max: Math.min(schema.maximum ?? 10, 1000) });
      // Ids are bounded only by the database: past its integer range is where they break.
      const beyond = fc.constantFrom(2 ** 31, 2 ** 31 + 7, 2 ** 40, Number.MAX_SAFE_INTEGER);
      return (schema.maximum ?? Infinity) >= 2 ** 31 - 1 ? fc.oneof({ arbitrary: small, weight: 4 }, { arbitrary: beyond, weight: 1 }) : small;
    }
    case 'number':
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'string':
      return plausibleText(name, schema);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Path and query values: numbers of the seeded data, then everything a URL can carry. */
const pathValue = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: 6 }).map(String), weight: 3 },
  { arbitrary: fc.constantFrom('2147483648', '2147483647', '4294967296', '9007199254740993', '1e10', '-5', '0', '1.5', 'abc', '%00', '1%00', '%E2%82', '..%2F..%2Fetc'), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }).map(encodeURIComponent), weight: 1 },
);

const IMAGE = readFileSync(new URL('../../src/demo/seed-assets/van.webp', import.meta.url));

/** A multipart body of text fields and one file; `damage` breaks it the ways a client or a proxy can. */
function multipartBody(fields: Record<string, unknown>, fileField: string, damage: string, cut: number) {
  const boundary = 'fuzzboundary7MA4YWxkTrZu0gW';
  const parts: Buffer[] = [];
  for (const [key, value] of Object.entries(fields)) {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${text}\r\n`));
  }
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="van.webp"\r\nContent-Type: image/webp\r\n\r\n`),
    IMAGE,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  let body = Buffer.concat(parts);
  let contentType = `multipart/form-data; boundary=${boundary}`;
  if (damage === 'truncated') body = body.subarray(0, Math.floor((body.length * cut) / 100));
  if (damage === 'other-boundary') contentType = 'multipart/form-data; boundary=not-the-one-in-the-body';
  if (damage === 'no-boundary') contentType = 'multipart/form-data';
  if (damage === 'empty-boundary') contentType = 'multipart/form-data; boundary=';
  if (damage === 'no-closing') body = Buffer.from(body.toString('latin1').replace(`--${boundary}--\r\n`, ''), 'latin1');
  if (damage === 'garbage') body = Buffer.from(`--${boundary}\r\nnot a header line\r\n\r\nx\r\n--${boundary}--\r\n`);
  if (damage === 'empty') body = Buffer.alloc(0);
  return { body, contentType };
}

function requestsFor(path: string, method: string, operation: Operation): fc.Arbitrary<FuzzRequest> {
  const parameters = operation.parameters ?? [];
  const pathParams = parameters.filter((p) => p.in === 'path');
  const queryParams = parameters.filter((p) => p.in === 'query');
  const content = operation.requestBody?.content ?? {};
  const jsonSchema = content['application/json']?.schema;
  const multipartSchema = content['multipart/form-data']?.schema;

  const pathArb = fc.tuple(...pathParams.map(() => pathValue)).map((values) =>
    pathParams.reduce((url, param, index) => url.replace(`{${param.name}}`, values[index]!), path),
  );
  const queryArb = fc
    .tuple(
      ...queryParams.map((param) =>
        fc.option(fc.oneof(plausibleValue(param.schema, param.name).map(String), pathValue), { nil: undefined }),
      ),
    )
    .map((values) =>
      queryParams
        .flatMap((param, index) => (values[index] === undefined ? [] : [`${param.name}=${values[index]}`]))
        .join('&'),
    );
  const auth = fc.constantFrom<FuzzRequest['auth']>('none', 'customer', 'admin', 'admin');

  let bodyArb: fc.Arbitrary<{ payload?: string | Buffer; headers: Record<string, string> }> = fc.constant({ headers: {} });
  if (multipartSchema) {
    const { img: _file, ...textProperties } = multipartSchema.properties ?? {};
    const fieldsArb = plausibleValue({ ...multipartSchema, properties: textProperties, required: Object.keys(textProperties) }, '');
    const damage = fc.constantFrom('none', 'none', 'none', 'truncated', 'other-boundary', 'no-boundary', 'empty-boundary', 'no-closing', 'garbage', 'empty');
    bodyArb = fc
      .tuple(fieldsArb, fc.constantFrom('img', 'img', 'name', 'image', 'img[]'), damage, fc.integer({ min: 1, max: 99 }))
      .map(([fields, fileField, how, cut]) => {
        const { body, contentType } = multipartBody(fields as Record<string, unknown>, fileField, how, cut);
        return { payload: body, headers: { 'content-type': contentType } };
      });
  } else if (jsonSchema) {
    bodyArb = fc.oneof(
      { arbitrary: plausibleValue(jsonSchema, '').map((value) => JSON.stringify(value)), weight: 8 },
      { arbitrary: fc.constantFrom('{', '{"a":', '[]', 'null', '"\\u0000"', '{"bookingId":2147483648}'), weight: 1 },
    ).map((payload) => ({ payload, headers: { 'content-type': 'application/json' } }));
  } else if (method !== 'get' && method !== 'delete') {
    bodyArb = fc.constantFrom<{ payload?: string; headers: Record<string, string> }>(
      { headers: {} },
      { payload: '{"id":2147483648,"x":"\\u0000"}', headers: { 'content-type': 'application/json' } },
      { payload: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    );
  }

  return fc.record({ path: pathArb, query: queryArb, auth, body: bodyArb, lang: fc.constantFrom('fr', 'en', 'ar') }).map(
    ({ path: url, query, auth: who, body, lang }) => ({
      method: method.toUpperCase(),
      url: query ? `${url}?${query}` : url,
      auth: who,
      headers: { 'accept-language': lang, ...body.headers },
      ...(body.payload === undefined ? {} : { payload: body.payload }),
    }),
  );
}

describe('fuzzed requests on every route of the OpenAPI document', () => {
  let ctx: TestContext;
  let stub: Awaited<ReturnType<typeof startStripeStub>>;
  let paypal: Awaited<ReturnType<typeof startPaypalStub>>;
  let tokens: Record<FuzzRequest['auth'], Record<string, string>>;

  beforeAll(async () => {
    stub = await startStripeStub();
    paypal = await startPaypalStub();
    ctx = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_fuzz',
      STRIPE_WEBHOOK_SECRET: 'whsec_fuzz',
      STRIPE_API_URL: stub.url,
      // Configured payments, so their routes meet the fuzzed input (without keys they answer 503 by design).
      PAYPAL_CLIENT_ID: 'paypal-fuzz',
      PAYPAL_CLIENT_SECRET: 'paypal-fuzz-secret',
      PAYPAL_WEBHOOK_ID: 'WH-FUZZ',
      PAYPAL_API_URL: paypal.url,
    });
    const admin = await loginAdmin(ctx.app, ctx.database);
    const customer = await registerUser(ctx.app);
    tokens = { none: {}, customer: bearer(customer.token), admin: bearer(admin.token) };
  });
  afterAll(async () => {
    await ctx?.close();
    await stub?.close();
    await paypal?.close();
  });

  it('answers no request with a 5xx', { timeout: 120_000 }, async () => {
    const spec = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
    };
    const operations = Object.entries(spec.paths).flatMap(([path, item]) =>
      METHODS.flatMap((method) => (item[method] ? [{ path, method, operation: item[method] }] : [])),
    );
    expect(operations.length).toBeGreaterThan(60);

    const failures: string[] = [];
    let sent = 0;
    const send = async (request: FuzzRequest) => {
      const response = await ctx.app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: { ...request.headers, ...tokens[request.auth] },
        ...(request.payload === undefined ? {} : { payload: request.payload }),
      });
      sent += 1;
      if (response.statusCode >= 500) {
        const payload = request.payload === undefined ? '' : JSON.stringify(String(request.payload).slice(0, 300));
        failures.push(`${response.statusCode} ${request.method} ${request.url} (${request.auth}) ${payload} -> ${response.body.slice(0, 200)}`);
      }
    };
    for (const [index, { path, method, operation }] of operations.entries()) {
      const requests = fc.sample(requestsFor(path, method, operation), { seed: SEED + index, numRuns: PER_OPERATION });
      // One after the other, so a seed replays the same database states.
      for (const request of requests) await send(request);
    }
    expect(sent).toBe(operations.length * PER_OPERATION);
    expect(failures).toEqual([]);
  });
});
