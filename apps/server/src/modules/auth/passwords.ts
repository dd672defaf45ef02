import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id` of @node-rs/argon2 (a const enum, which isolated modules cannot import). */
const ARGON2ID = 2;

export type PasswordHasher = {
  hash(password: string): Promise<string>;
  verify(hash: string | null, password: string): Promise<boolean>;
};

/**
 * argon2id with the configured cost. `verify` with no stored hash still does
 * one hash of work, so an unknown email costs the same time as a wrong password.
 */
export function createPasswordHasher(opts: { memoryKib: number; passes: number }): PasswordHasher {
  const params = { algorithm: ARGON2ID, memoryCost: opts.memoryKib, timeCost: opts.passes, parallelism: 1 };
  let dummy: Promise<string> | undefined;
  return {
    hash: (password) => hash(password, params),
    async verify(stored, password) {
      if (!stored) {
        dummy ??= hash('not-a-real-password', params);
        await verify(await dummy, password).catch(() => false);
        return false;
      }
      return verify(stored, password).catch(() => false);
    },
  };
}
