import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { consumeTokenByHash, insertCode, liveTokenByHash, markCodeUsed, revokeCodes, takeCodeAttempt } from './auth.queries.ts';

type CodePurpose = CodeOnlyPurpose | TokenPurpose;
/** The purposes of a 4-digit code; 'delete' confirms a person's own account deletion, 'mfa' is the second step after a password. */
export type CodeOnlyPurpose = 'register' | 'login' | 'delete' | 'mfa';
/** Long random tokens: the reset link, the Google or SSO sign-in ticket, and the ticket between a right password and its second step. */
type TokenPurpose = 'reset' | 'google' | 'sso' | 'mfa-ticket';

/** A code dies after this many tries (docs/decisions/002-four-digit-codes.md). */
export const MAX_CODE_ATTEMPTS = 5;
const CODE_TTL_MS = 10 * 60_000;
const RESET_TTL_MS = 60 * 60_000;
/** A Google or SSO sign-in ticket only bridges the redirect to the web app's next request. */
const TICKET_TTL_MS = 2 * 60_000;
/** The second step after a password: long enough to wait for an emailed code, as long as the code lives. */
const MFA_TICKET_TTL_MS = CODE_TTL_MS;

export type CodeStore = {
  /** Issues a fresh 4-digit code (older unused ones of the same purpose die). */
  issueCode(email: string, purpose: CodeOnlyPurpose): Promise<string>;
  /** Issues a long random token: the emailed reset link, or the one-time ticket of a Google sign-in. */
  issueToken(email: string, purpose: TokenPurpose): Promise<string>;
  /** True once for the right, live code; every try is counted before the comparison. */
  checkCode(email: string, purpose: CodeOnlyPurpose, code: string): Promise<boolean>;
  /** The email a live token belongs to, consuming it; null otherwise. */
  consumeToken(token: string, purpose: TokenPurpose): Promise<string | null>;
  /** The email a live token belongs to, leaving it live (the second step reads its ticket before it is done); null otherwise. */
  peekToken(token: string, purpose: TokenPurpose): Promise<string | null>;
  /** Ends every live code and token of these purposes (a password changed, so an old reset link must not work). */
  revoke(email: string, purposes: CodePurpose[]): Promise<void>;
};

/**
 * Codes are kept as an HMAC keyed with the server secret: a plain hash of a
 * 4-digit code is reversed in 10,000 guesses, an HMAC is not without the key.
 */
export function createCodeStore(db: Db, secret: string): CodeStore {
  const digest = (value: string) => createHmac('sha256', secret).update(value).digest('hex');
  const revoke = (email: string, purposes: CodePurpose[]) => revokeCodes(db, email, purposes);

  return {
    revoke,
    async issueCode(email, purpose) {
      const code = String(randomInt(0, 10_000)).padStart(4, '0');
      await revoke(email, [purpose]);
      await insertCode(db, { email, purpose, codeHash: digest(`${purpose}:${email}:${code}`), expiresAt: new Date(Date.now() + CODE_TTL_MS) });
      return code;
    },
    async issueToken(email, purpose) {
      const token = randomBytes(32).toString('base64url');
      await revoke(email, [purpose]);
      const ttl = purpose === 'reset' ? RESET_TTL_MS : purpose === 'mfa-ticket' ? MFA_TICKET_TTL_MS : TICKET_TTL_MS;
      await insertCode(db, { email, purpose, codeHash: digest(`${purpose}:${token}`), expiresAt: new Date(Date.now() + ttl) });
      return token;
    },
    async checkCode(email, purpose, code) {
      // One statement takes a try of the newest live code, only while tries are left: parallel
      // guesses queue on the row, so no more than MAX_CODE_ATTEMPTS of them are ever compared.
      const taken = await takeCodeAttempt(db, email, purpose, MAX_CODE_ATTEMPTS);
      if (!taken) return false;

      const expected = Buffer.from(taken.codeHash, 'hex');
      const given = Buffer.from(digest(`${purpose}:${email}:${code}`), 'hex');
      const right = timingSafeEqual(expected, given);
      if (!right && taken.attempts < MAX_CODE_ATTEMPTS) return false;
      // Single use (and a code whose last try failed dies): the update only wins if nobody consumed it in between.
      const used = await markCodeUsed(db, taken.id);
      return right && used;
    },
    consumeToken: (token, purpose) => consumeTokenByHash(db, digest(`${purpose}:${token}`), purpose),
    peekToken: (token, purpose) => liveTokenByHash(db, digest(`${purpose}:${token}`), purpose),
  };
}
