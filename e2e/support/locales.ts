import { readFileSync } from 'node:fs';
import path from 'node:path';

export const LANGUAGES = ['fr', 'en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

const localesDir = path.resolve(import.meta.dirname, '../../apps/web/public/locales');
const cache = new Map<string, unknown>();

/** A text of the web app's locale files (`common:meta.home.title`), so tests follow the copy. */
export function text(language: Language, reference: string, values: Record<string, string> = {}): string {
  const [namespace, key] = reference.includes(':') ? (reference.split(':', 2) as [string, string]) : ['common', reference];
  const file = path.join(localesDir, language, `${namespace}.json`);
  if (!cache.has(file)) cache.set(file, JSON.parse(readFileSync(file, 'utf8')));
  let value: unknown = cache.get(file);
  for (const part of key.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
  if (typeof value !== 'string') throw new Error(`no text ${language}/${namespace}:${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (match, name: string) => values[name] ?? match);
}

/** The address of a page in a language (docs/decisions/0030). */
export function localized(pathname: string, language: Language): string {
  return language === 'fr' ? pathname : `${pathname}${pathname.includes('?') ? '&' : '?'}lang=${language}`;
}

/** The public pages: where they are, their heading and the key of their title and description. */
export const PUBLIC_PAGES = [
  { path: '/', heading: 'home:hero.title', meta: 'home' },
  { path: '/trajet-fixe-pour-particuliers', heading: 'marketing:fixedPrice.title', meta: 'fixedPrice' },
  { path: '/mise-a-disposition-pour-particuliers', heading: 'marketing:privateHire.title', meta: 'privateHire' },
  { path: '/service-vtc-business', heading: 'marketing:business.title', meta: 'business' },
  { path: '/contact', heading: 'contact:title', meta: 'contact' },
  { path: '/system', heading: 'common:pages.system.title', meta: 'system' },
  { path: '/prof', heading: 'marketing:pro.title', meta: 'pro' },
] as const;
