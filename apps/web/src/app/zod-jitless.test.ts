import { describe, expect, it } from 'vitest';

describe('zod-jitless', () => {
  it('makes zod jitless through the configuration zod itself reads, without importing zod', async () => {
    await import('./zod-jitless.ts');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    // A schema made now parses without compiling: no `new Function`, so no CSP violation.
    const made: unknown[] = [];
    const RealFunction = globalThis.Function;
    globalThis.Function = new Proxy(RealFunction, {
      construct(target, args) {
        made.push(args);
        return Reflect.construct(target, args);
      },
      apply(target, self, args) {
        made.push(args);
        return Reflect.apply(target, self, args);
      },
    });
    try {
      expect(z.object({ a: z.string(), b: z.number() }).parse({ a: 'x', b: 1 })).toEqual({ a: 'x', b: 1 });
    } finally {
      globalThis.Function = RealFunction;
    }
    expect(made).toEqual([]);
  });
});
