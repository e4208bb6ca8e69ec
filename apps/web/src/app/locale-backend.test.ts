import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReadCallback } from 'i18next';
import { earlyNamespaces, localeBackend } from './locale-backend';

/** What the backend calls back for one read, the answer of fetch given. */
async function readWith(answer: () => Promise<Response>): Promise<{ url: string; error: unknown; data: unknown }> {
  const fetchMock = vi.fn((_url: string, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetchMock);
  const { error, data } = await new Promise<{ error: unknown; data: unknown }>((resolve) => {
    const callback: ReadCallback = (error, data) => resolve({ error, data });
    localeBackend.read('ar', 'booking', callback);
  });
  expect(fetchMock).toHaveBeenCalledTimes(1);
  expect(fetchMock.mock.calls[0]?.[1]).toEqual({ credentials: 'same-origin' });
  return { url: fetchMock.mock.calls[0]?.[0] ?? '', error, data };
}

describe('the texts of a namespace, read from /locales (decision 0154)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reads the file of the language and namespace', async () => {
    const read = await readWith(async () => Response.json({ stepTwo: { title: 'اختر سيارتك' } }));
    expect(read).toEqual({ url: '/locales/ar/booking.json', error: null, data: { stepTwo: { title: 'اختر سيارتك' } } });
  });

  it('asks i18next to try again after a network failure or a server error, not after a missing or broken file', async () => {
    expect(await readWith(() => Promise.reject(new TypeError('Failed to fetch')))).toMatchObject({ data: true });
    expect(await readWith(async () => new Response('busy', { status: 503 }))).toMatchObject({ data: true });
    expect(await readWith(async () => new Response('gone', { status: 404 }))).toMatchObject({
      error: 'failed loading /locales/ar/booking.json; status code: 404',
      data: false,
    });
    expect(await readWith(async () => new Response('{', { status: 200 }))).toMatchObject({ error: 'failed parsing /locales/ar/booking.json to json', data: false });
  });

  it('takes the answer to the request index.html sent with the page, once; a second read asks anew (decision 0158)', async () => {
    const early = {
      '/locales/ar/common.json': Promise.resolve(Response.json({ loading: 'جارٍ التحميل' })),
      '/locales/ar/booking.json': Promise.resolve(Response.json({ stepTwo: { title: 'اختر سيارتك' } })),
    };
    vi.stubGlobal('window', { __earlyLocales: early });
    expect(earlyNamespaces()).toEqual(['common', 'booking']);
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => Response.json({ stepTwo: { title: 'asked anew' } }));
    vi.stubGlobal('fetch', fetchMock);
    const read = () =>
      new Promise<{ error: unknown; data: unknown }>((resolve) => {
        localeBackend.read('ar', 'booking', (error, data) => resolve({ error, data }));
      });
    expect(await read()).toEqual({ error: null, data: { stepTwo: { title: 'اختر سيارتك' } } });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await read()).toEqual({ error: null, data: { stepTwo: { title: 'asked anew' } } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(Object.keys(early)).toEqual(['/locales/ar/common.json']);
  });

  it('knows of no early namespaces outside a browser page that asked for none', () => {
    expect(earlyNamespaces()).toEqual([]);
    vi.stubGlobal('window', {});
    expect(earlyNamespaces()).toEqual([]);
  });
});
