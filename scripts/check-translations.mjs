// Checks that every translation exists in every language: the same namespaces (files), the same
// keys at every depth, no empty text, the same {{placeholders}}. Plural forms may differ by
// language (Arabic has six, French and English two); each language needs at least `_other`.
// Usage: node scripts/check-translations.mjs [locales folder]   (default apps/web/public/locales)
// Exits 1 and lists every problem when one is found. Run by `npm test`.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const folder = path.resolve(process.argv[2] ?? path.join(root, 'apps/web/public/locales'));
const PLURAL = /_(zero|one|two|few|many|other)$/;
/** The product's languages (spec §1); each must have a folder. */
const REQUIRED_LANGUAGES = ['fr', 'en', 'ar'];

function flatten(value, prefix, into) {
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item]) : Object.entries(value);
    if (entries.length === 0) into.set(prefix, { empty: true });
    for (const [key, child] of entries) flatten(child, prefix ? `${prefix}.${key}` : key, into);
  } else {
    into.set(prefix, { text: typeof value === 'string' ? value : null });
  }
  return into;
}

function placeholders(text) {
  return [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((match) => match[1]).sort().join(',');
}

/** Key without its plural suffix, so `remaining_one` and `remaining_few` compare as `remaining`. */
function baseKey(key) {
  return key.replace(PLURAL, '');
}

function main() {
  if (!existsSync(folder)) {
    console.error(`check-translations: no folder ${folder}`);
    process.exit(1);
  }
  const languages = readdirSync(folder).filter((name) => statSync(path.join(folder, name)).isDirectory()).sort();
  if (languages.length === 0) {
    console.error(`check-translations: no language folder in ${folder}`);
    process.exit(1);
  }
  const problems = REQUIRED_LANGUAGES.filter((language) => !languages.includes(language)).map(
    (language) => `${language}: folder missing`,
  );
  const namespaces = new Set();
  for (const language of languages) {
    for (const file of readdirSync(path.join(folder, language))) if (file.endsWith('.json')) namespaces.add(file);
  }

  let keyCount = 0;
  for (const namespace of [...namespaces].sort()) {
    /** language -> flattened keys of this namespace */
    const tables = new Map();
    for (const language of languages) {
      const file = path.join(folder, language, namespace);
      if (!existsSync(file)) {
        problems.push(`${language}/${namespace}: file missing`);
        continue;
      }
      try {
        tables.set(language, flatten(JSON.parse(readFileSync(file, 'utf8')), '', new Map()));
      } catch (error) {
        problems.push(`${language}/${namespace}: not valid JSON (${error.message})`);
      }
    }
    const allBases = new Set();
    for (const table of tables.values()) for (const key of table.keys()) allBases.add(baseKey(key));
    keyCount += allBases.size;

    for (const base of [...allBases].sort()) {
      const seen = new Map();
      for (const [language, table] of tables) {
        const forms = [...table.keys()].filter((key) => baseKey(key) === base);
        if (forms.length === 0) {
          problems.push(`${language}/${namespace}: missing ${base}`);
          continue;
        }
        const plural = forms.some((key) => PLURAL.test(key));
        if (plural && !table.has(`${base}_other`)) problems.push(`${language}/${namespace}: missing ${base}_other`);
        for (const key of forms) {
          const entry = table.get(key);
          if (entry.empty || entry.text === null || entry.text.trim() === '') {
            problems.push(`${language}/${namespace}: ${key} is empty or not a text`);
            continue;
          }
          // Plural forms may drop {{count}} ("one character left"): compare the `_other` form.
          if (!plural || key.endsWith('_other')) seen.set(language, placeholders(entry.text));
        }
      }
      const variants = new Set(seen.values());
      if (variants.size > 1) {
        const detail = [...seen].map(([language, names]) => `${language}: {${names || '-'}}`).join(', ');
        problems.push(`${namespace}: ${base} has different placeholders (${detail})`);
      }
    }
  }

  if (problems.length > 0) {
    console.error(`Translations incomplete in ${path.relative(root, folder) || folder}:`);
    for (const problem of problems) console.error(`  ${problem}`);
    process.exit(1);
  }
  console.log(
    `Translations complete: ${languages.join(', ')} · ${namespaces.size} namespaces · ${keyCount} keys each (${path.relative(root, folder) || folder})`,
  );
}

main();
