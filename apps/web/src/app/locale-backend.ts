import type { BackendModule, ReadCallback, ResourceKey } from 'i18next';

/**
 * Reads a namespace's texts from `/locales/{language}/{namespace}.json`, as the preloads of
 * index.html ask for them (a CORS-mode fetch with the same-origin credentials: the browser finds
 * them there). What the app used i18next-http-backend for, without its 2 KB in the home page's first
 * download (docs/decisions/0154). A network failure or a 5xx is called back with `true`:
 * i18next asks again, a few times, as it did with that backend; a 4xx or a broken file is not.
 */
export const localeBackend: BackendModule = {
  type: 'backend',
  init() {
    // Nothing to set up.
  },
  read(language: string, namespace: string, callback: ReadCallback) {
    const url = `/locales/${encodeURIComponent(language)}/${encodeURIComponent(namespace)}.json`;
    fetch(url, { credentials: 'same-origin' }).then(
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
