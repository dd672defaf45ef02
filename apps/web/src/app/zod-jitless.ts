import { z } from 'zod';

/**
 * Zod compiles a fast parser for each object schema with `new Function` — after first
 * probing whether it may by calling `Function('')`. The hub's CSP has no 'unsafe-eval', so
 * the probe is refused and reported as a CSP violation in every browser that opens a form.
 * Jitless, zod neither probes nor compiles. The flag is read when a schema is made, so this
 * module is the first thing main.tsx imports, before any schema exists.
 */
z.config({ jitless: true });
