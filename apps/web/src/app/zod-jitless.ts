/**
 * Zod compiles a fast parser for each object schema with `new Function` — after first
 * probing whether it may by calling `Function('')`. The hub's CSP has no 'unsafe-eval', so
 * the probe is refused and reported as a CSP violation in every browser that opens a form.
 * Jitless, zod neither probes nor compiles. The flag is read when a schema is made, so this
 * module is the first thing main.tsx imports, before any schema exists.
 *
 * It sets the flag where zod 4 keeps its configuration (`globalThis.__zod_globalConfig`, the
 * object `z.config()` returns) instead of importing zod: an import would put zod's core in the
 * entry chunk, and the sign-in page, which parses nothing, would download it
 * (bench/signin-bundle.mjs). zod-jitless.test.ts checks that zod reads the flag from there.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;

export {};
