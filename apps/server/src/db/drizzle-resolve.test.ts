import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const HOOK = new URL('./drizzle-resolve.ts', import.meta.url).href;

/**
 * Loads drizzle-orm's entry points in a fresh Node, with or without the hook, and reports each of
 * its files that was loaded (with the format it was loaded as) and how many of its resolves took
 * Node's own resolver. The recorder is registered first, so it sits below the hook: resolves the
 * hook answers never reach it, while every load does.
 */
function loadDrizzle(withHook: boolean): { loads: string[]; nodeResolves: number } {
  const code = `
    import { registerHooks } from 'node:module';
    const loads = [];
    let nodeResolves = 0;
    const inDrizzle = (url) => url.includes('/node_modules/drizzle-orm/');
    registerHooks({
      resolve(specifier, context, next) {
        const r = next(specifier, context);
        if (inDrizzle(r.url)) nodeResolves++;
        return r;
      },
      load(url, context, next) {
        if (inDrizzle(url)) loads.push(url + ' ' + context.format);
        return next(url, context);
      },
    });
    if (${withHook}) await import(${JSON.stringify(HOOK)});
    for (const m of ['drizzle-orm', 'drizzle-orm/pg-core', 'drizzle-orm/pglite', 'drizzle-orm/pglite/migrator', 'drizzle-orm/node-postgres', 'drizzle-orm/node-postgres/migrator']) await import(m);
    console.log(JSON.stringify({ loads: loads.sort(), nodeResolves }));
  `;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: here, encoding: 'utf8' }));
}

describe('drizzle-resolve (start-up hook)', () => {
  it('loads the same drizzle-orm files in the same formats as Node does, and resolves its own imports itself', () => {
    const plain = loadDrizzle(false);
    const hooked = loadDrizzle(true);
    expect(plain.loads.length).toBeGreaterThan(100);
    expect(hooked.loads).toEqual(plain.loads);
    // Without the hook every file is resolved by Node; with it only the 6 entry points are, and
    // the hook's own lookup of the package.
    expect(plain.nodeResolves).toBeGreaterThanOrEqual(plain.loads.length);
    expect(hooked.nodeResolves).toBeLessThanOrEqual(7);
  });
});
