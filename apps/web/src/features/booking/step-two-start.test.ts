import { QueryClient } from '@tanstack/react-query';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as BookingApi from './booking-api';

// Step two asked for before the page renders (docs/decisions/0124): by index.html for a visitor's
// quote, by main.tsx otherwise. The modules read browser storage, so they load after the stubs.

const session = new Map<string, string>();
const storage = (store: Map<string, string>) => ({
  getItem: (key: string) => store.get(key) ?? null,
  setItem: (key: string, value: string) => void store.set(key, value),
  removeItem: (key: string) => void store.delete(key),
});
const fetchMock = vi.fn<typeof fetch>();
const browser: { sessionStorage: unknown; localStorage: unknown; __earlyStepTwo?: unknown } = {
  sessionStorage: storage(session),
  localStorage: storage(new Map([['language', 'fr']])),
};

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const offers = (name: string) => ({ booking: { id: 7 }, cars: [{ id: 1, name }], contact: { offered: false } });

let api: typeof BookingApi;

beforeAll(async () => {
  vi.stubGlobal('window', browser);
  vi.stubGlobal('fetch', fetchMock);
  api = await import('./booking-api');
});

beforeEach(() => {
  fetchMock.mockReset();
  session.clear();
  session.set('bookingId', '7');
  session.set('quoteToken', JSON.stringify({ bookingId: '7', token: 'quote-7' }));
  browser.__earlyStepTwo = undefined;
});

/** Step two asked for as the app starts on /summary (main.tsx), then what the page finds. */
async function pageOpens(client: QueryClient) {
  await api.prefetchStepTwo(client);
  return client.getQueryData(api.bookingKeys.stepTwo('7'));
}

describe('step two asked for at start-up', () => {
  it("takes the answer index.html asked for with the page, and sends no request of its own", async () => {
    browser.__earlyStepTwo = { bookingId: '7', token: 'quote-7', language: 'fr', answer: Promise.resolve(answer(200, offers('Berline'))) };
    const client = new QueryClient();
    expect(await pageOpens(client)).toEqual(offers('Berline'));
    expect(fetchMock).not.toHaveBeenCalled();
    // Taken once: step two asked again (a car taken meanwhile) is a request of its own.
    fetchMock.mockResolvedValueOnce(answer(200, offers('Van')));
    await client.refetchQueries({ queryKey: api.bookingKeys.stepTwo('7') });
    expect(client.getQueryData(api.bookingKeys.stepTwo('7'))).toEqual(offers('Van'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('leaves an early answer asked with another quote token, and asks itself with the current one', async () => {
    browser.__earlyStepTwo = { bookingId: '7', token: 'old-token', language: 'fr', answer: Promise.resolve(answer(200, offers('Berline'))) };
    fetchMock.mockResolvedValueOnce(answer(200, offers('Van')));
    const client = new QueryClient();
    expect(await pageOpens(client)).toEqual(offers('Van'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/user/booking/step-two/7');
    expect((init?.headers as Record<string, string>)['X-Quote-Token']).toBe('quote-7');
  });

  it("turns an early refusal into the API's error, as the page's own request would", async () => {
    browser.__earlyStepTwo = {
      bookingId: '7',
      token: 'quote-7',
      language: 'fr',
      answer: Promise.resolve(answer(404, { message: 'Réservation introuvable', code: 'booking_not_found' })),
    };
    const client = new QueryClient();
    await pageOpens(client);
    const state = client.getQueryState(api.bookingKeys.stepTwo('7'));
    expect(state?.status).toBe('error');
    expect(state?.error).toMatchObject({ status: 404, code: 'booking_not_found', message: 'Réservation introuvable' });
  });

  it('asks nothing when the tab holds no booking', async () => {
    session.clear();
    const client = new QueryClient();
    await api.prefetchStepTwo(client);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
