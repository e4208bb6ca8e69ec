/**
 * zod compiles object parsers with `new Function` when it may, and probes for that when a schema
 * is built; the Content-Security-Policy forbids eval and reports the probe as a violation. zod
 * reads this shared settings object when it loads (it is lazy-loaded with the first form, after
 * this module), so its parsers run without eval and without the probe (decision 0056).
 */
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };
