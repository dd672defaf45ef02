import { z } from 'zod';

/** What a person reads about a division's own domain (console → Custom domain). */
export const DOMAIN_MESSAGES = {
  invalid: 'Enter a domain name such as cards.example.com, without http:// or a path.',
  hubOwn: 'This name belongs to the hub itself. Enter a domain of the division’s own.',
  taken: 'Another division already uses this domain.',
  nothingToVerify: 'Enter a domain first, then verify it.',
  unreachable: 'The hub could not reach this domain over HTTP. Check that its DNS record points to the hub, then try again.',
  wrongAnswer: 'The domain answered, but not with this division’s verification token. Check that its DNS record points to this hub, then try again.',
  privateAddress: 'This domain points to a private or local address, which the hub does not check.',
} as const;

/** The path under which the hub serves a domain's verification token, on the domain itself. */
export const DOMAIN_VERIFICATION_PATH = '/.well-known/profilehub-verification/';

/**
 * A host name as typed: trimmed, lower-cased, a trailing dot dropped; at least two labels of
 * letters, digits and inner hyphens, 253 characters at most (no scheme, port or path).
 */
export const DomainNameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((s) => s.replace(/\.$/, ''))
  .refine((s) => s.length <= 253 && /^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/.test(s), DOMAIN_MESSAGES.invalid);

export const SetDomainSchema = z.object({ domain: DomainNameSchema });

/** A division's domain as the console shows it: none, pending (with what to do) or verified. */
export const DomainStateSchema = z.object({
  status: z.enum(['none', 'pending', 'verified']),
  domain: z.string().nullable(),
  /** The name the DNS record should point to (CNAME), the hub's own host. */
  target: z.string(),
  /** The address the hub fetches to verify, and where it must find the token. */
  checkUrl: z.string().nullable(),
  token: z.string().nullable(),
  verifiedAt: z.string().nullable(),
});
export type DomainState = z.infer<typeof DomainStateSchema>;

export const DomainAskQuerySchema = z.object({ domain: z.string().max(253) });
