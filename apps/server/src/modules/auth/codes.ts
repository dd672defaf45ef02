import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { oneTimeCodes, users } from '../../db/schema.ts';

export type CodePurpose = 'register' | 'login' | 'reset';

/** A code dies after this many wrong tries (docs/decisions/002-four-digit-codes.md). */
export const MAX_CODE_ATTEMPTS = 5;
/** Wrong codes an account may collect in one UTC day, across re-issued codes. */
export const MAX_CODE_FAILURES_PER_DAY = 15;
export const CODE_TTL_MS = 10 * 60_000;
export const RESET_TTL_MS = 60 * 60_000;

export type CodeStore = {
  /** Issues a fresh 4-digit code (older unused ones of the same purpose die). */
  issueCode(email: string, purpose: 'register' | 'login'): Promise<string>;
  /** Issues a long random reset token for the emailed link. */
  issueResetToken(email: string): Promise<string>;
  /** True once for the right, live code; counts every wrong try. */
  checkCode(email: string, purpose: 'register' | 'login', code: string): Promise<boolean>;
  /** The email a live reset token belongs to, consuming it; null otherwise. */
  consumeResetToken(token: string): Promise<string | null>;
};

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Codes are kept as an HMAC keyed with the server secret: a plain hash of a
 * 4-digit code is reversed in 10,000 guesses, an HMAC is not without the key.
 */
export function createCodeStore(db: Db, secret: string): CodeStore {
  const digest = (value: string) => createHmac('sha256', secret).update(value).digest('hex');
  const kill = async (email: string, purpose: CodePurpose) =>
    db
      .update(oneTimeCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(oneTimeCodes.email, email), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.usedAt)));

  return {
    async issueCode(email, purpose) {
      const code = String(randomInt(0, 10_000)).padStart(4, '0');
      await kill(email, purpose);
      await db.insert(oneTimeCodes).values({ email, purpose, codeHash: digest(`${purpose}:${email}:${code}`), expiresAt: new Date(Date.now() + CODE_TTL_MS) });
      return code;
    },
    async issueResetToken(email) {
      const token = randomBytes(32).toString('base64url');
      await kill(email, 'reset');
      await db.insert(oneTimeCodes).values({ email, purpose: 'reset', codeHash: digest(`reset:${token}`), expiresAt: new Date(Date.now() + RESET_TTL_MS) });
      return token;
    },
    async checkCode(email, purpose, code) {
      const [user] = await db.select({ id: users.id, failures: users.codeFailures, day: users.codeFailuresDay }).from(users).where(eq(users.email, email));
      const failuresToday = user && user.day === today() ? user.failures : 0;
      if (failuresToday >= MAX_CODE_FAILURES_PER_DAY) return false;

      const [live] = await db
        .select()
        .from(oneTimeCodes)
        .where(and(eq(oneTimeCodes.email, email), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.usedAt), gt(oneTimeCodes.expiresAt, new Date())))
        .orderBy(desc(oneTimeCodes.id))
        .limit(1);
      if (!live) return false;

      const expected = Buffer.from(live.codeHash, 'hex');
      const given = Buffer.from(digest(`${purpose}:${email}:${code}`), 'hex');
      if (timingSafeEqual(expected, given)) {
        // Single use: the update only wins if nobody consumed it in between.
        const used = await db
          .update(oneTimeCodes)
          .set({ usedAt: new Date() })
          .where(and(eq(oneTimeCodes.id, live.id), isNull(oneTimeCodes.usedAt)))
          .returning({ id: oneTimeCodes.id });
        return used.length === 1;
      }
      const attempts = live.attempts + 1;
      await db
        .update(oneTimeCodes)
        .set({ attempts, usedAt: attempts >= MAX_CODE_ATTEMPTS ? new Date() : null })
        .where(eq(oneTimeCodes.id, live.id));
      if (user) {
        await db
          .update(users)
          .set({ codeFailures: sql`case when ${users.codeFailuresDay} = ${today()} then ${users.codeFailures} + 1 else 1 end`, codeFailuresDay: today() })
          .where(eq(users.id, user.id));
      }
      return false;
    },
    async consumeResetToken(token) {
      const [row] = await db
        .update(oneTimeCodes)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(oneTimeCodes.codeHash, digest(`reset:${token}`)),
            eq(oneTimeCodes.purpose, 'reset'),
            isNull(oneTimeCodes.usedAt),
            gt(oneTimeCodes.expiresAt, new Date()),
          ),
        )
        .returning({ email: oneTimeCodes.email });
      return row?.email ?? null;
    },
  };
}
