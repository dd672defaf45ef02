/**
 * Issue #30 email signatures: a profile's signature as the editor shows and copies it, and
 * the messages of its routes. The HTML is made on the server from the published page
 * (`@profilehub/profile-page`'s `emailSignature`).
 */
import { z } from 'zod';
import { SIGNATURE_LAYOUT_TITLES, SIGNATURE_LAYOUTS } from './profile/constants.ts';

export const SIGNATURE_MESSAGES = {
  notPublished: 'Publish the profile first: the signature links to its public page.',
  noneToDownload: 'No published profile in this division has a signature yet. Publish a profile first.',
  notAllowed: 'Only supervisors of this division and platform administrators download its signatures.',
} as const;

/** The source tag on the signature's link to the card, so the statistics tell its visits apart. */
export const SIGNATURE_SOURCE = 'signature';

export const SignatureQuerySchema = z.object({
  /** A layout to preview; refused in favour of the template's when the template locks it. */
  layout: z.enum(SIGNATURE_LAYOUTS, { error: `layout must be one of ${SIGNATURE_LAYOUTS.join(', ')}.` }).optional(),
});

export const SignatureSchema = z.object({
  layout: z.enum(SIGNATURE_LAYOUTS),
  /** True when the template fixes the layout for this profile. */
  locked: z.boolean(),
  layouts: z.array(z.object({ value: z.enum(SIGNATURE_LAYOUTS), title: z.string() })),
  /** Table-based HTML with inline styles, the fragment a mail client pastes. */
  html: z.string(),
  /** The same as plain text, for clients that paste no HTML. */
  text: z.string(),
  /** The card's link as the signature carries it (with `src=signature`). */
  cardUrl: z.string(),
});
export type Signature = z.infer<typeof SignatureSchema>;

/** Every layout with its title, in the order the picker offers them. */
export const SIGNATURE_LAYOUT_OPTIONS = SIGNATURE_LAYOUTS.map((value) => ({ value, title: SIGNATURE_LAYOUT_TITLES[value] }));
