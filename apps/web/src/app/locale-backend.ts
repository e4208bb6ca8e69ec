import type { BackendModule, ReadCallback, ResourceKey } from 'i18next';

declare global {
  interface Window {
    /** The texts index.html asked for with the page, by address (docs/decisions/0158). */
    __earlyLocales?: Record<string, Promise<Response>>;
  }
}

const LOCALE_FILE = /^\/locales\/[^/]+\/([^/]+)\.json$/;

/** What index.html asked for, when there is a page (not in the prerender's Node). */
const earlyLocales = () => (typeof window === 'undefined' ? undefined : window.__earlyLocales);

/** The namespaces whose texts index.html asked for with the page (it knows which the page needs). */
export function earlyNamespaces(): string[] {
  return Object.keys(earlyLocales() ?? {}).flatMap((url) => LOCALE_FILE.exec(url)?.[1] ?? []);
}

/** The answer index.html's request for this file got, handed over once: a second read asks anew. */
function takeEarlyAnswer(url: string): Promise<Response> | undefined {
  const early = earlyLocales();
  const answer = early?.[url];
  if (early && answer) delete early[url];
  return answer;
}

/**
 * Reads a namespace's texts from `/locales/{language}/{namespace}.json`, taking the answer to the
 * request index.html sent with the page when there is one. What the app used
 * i18next-http-backend for, without its 2 KB in the home page's first download
 * (docs/decisions/0154). A network failure or a 5xx is called back with `true`: i18next asks
 * again, a few times, as it did with that backend; a 4xx or a broken file is not.
 */
export const localeBackend: BackendModule = {
  type: 'backend',
  init() {
    // Nothing to set up.
  },
  read(language: string, namespace: string, callback: ReadCallback) {
    const url = `/locales/${encodeURIComponent(language)}/${encodeURIComponent(namespace)}.json`;
    (takeEarlyAnswer(url) ?? fetch(url, { credentials: 'same-origin' })).then(
      async (response) => {
        if (!response.ok) {
          callback(`failed loading ${url}; status code: ${response.status}`, response.status >= 500);
          return;
        }
        let texts: ResourceKey;
        try {
          texts = (await response.json()) as ResourceKey;
        } catch {
          callback(`failed parsing ${url} to json`, false);
          return;
        }
        callback(null, texts);
      },
      (error: unknown) => {
        callback(`failed loading ${url}: ${String(error)}`, true);
      },
    );
  },
};
