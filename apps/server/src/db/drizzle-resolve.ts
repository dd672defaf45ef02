/**
 * Start-up time (issue 27): resolves drizzle-orm's imports of its own files without asking Node
 * which package.json governs each one. Imported for its effect, first, by each thread's entry
 * (`server.ts`, `db/pglite-worker.ts`), which then import drizzle-orm dynamically: a module
 * hook applies only to what its thread resolves after it is registered.
 *
 * Why: drizzle-orm 0.45 ships a 179 KB package.json (an `exports` entry for each of its files).
 * To learn each imported file's format, Node's resolver looks up the package.json that governs
 * it and is handed that package's `exports` as a new string every time: ~490 imports × 179 KB
 * when the server starts, 0.4–0.6 s of CPU on each of the two threads that import drizzle (the
 * server's and the embedded database's). With this hook, `import('drizzle-orm/pglite')` took
 * ~57 ms instead of ~600 ms here. drizzle-orm's ES modules import each other by relative `.js`
 * paths, and all are ES modules ("type": "module", no package.json below its root), so a
 * relative `.js` import from one of its files is resolved here as a URL, as Node itself would.
 * drizzle-orm 1.0 replaces the map with a wildcard (drizzle-orm#5934): remove this file then.
 */
import { readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

const packageJson = new URL('./package.json', import.meta.resolve('drizzle-orm'));
const root = new URL('./', packageJson).href;
// Only while the package is what the comment above describes; anything else takes Node's own path.
if ((JSON.parse(readFileSync(packageJson, 'utf8')) as { type?: string }).type === 'module') {
  registerHooks({
    resolve(specifier, context, nextResolve) {
      if (
        context.parentURL?.startsWith(root) &&
        context.conditions?.includes('import') &&
        (specifier.startsWith('./') || specifier.startsWith('../')) &&
        specifier.endsWith('.js')
      ) {
        return { url: new URL(specifier, context.parentURL).href, format: 'module', shortCircuit: true };
      }
      return nextResolve(specifier, context);
    },
  });
}
