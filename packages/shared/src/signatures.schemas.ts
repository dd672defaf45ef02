/**
 * Issue #30 email signatures: a profile's signature as the editor shows and copies it, and
 * the messages of its routes. The HTML is made on the server from the published page
 * (`@profilehub/profile-page`'s `emailSignature`).
 */
import { z } from 'zod';
import { SIGNATURE_LAYOUT_TITLES, SIGNATURE_LAYOUTS } from './profile/constants.ts';

export const SIGNATURE_MESSAGES = {
  notPublished: 'Publish the profile first: the signature links to its public page.',
  template: 'A template has no card of its own: each person’s signature is made from their published card, in the layout chosen here.',
  noneToDownload: 'No published profile in this division has a signature yet. Publish a profile first.',
  notAllowed: 'Only supervisors of this division and platform administrators download its signatures.',
} as const;

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

/** The "how to install" panel: where each mail client keeps its signature, step by step. */
export const SIGNATURE_INSTALL_GUIDES = [
  {
    client: 'Gmail',
    steps: [
      'Click “Copy signature” above.',
      'In Gmail, open Settings (the gear) → See all settings → General.',
      'Under Signature, click “Create new”, name it, and paste into the box (Ctrl+V or ⌘V).',
      'Choose it under “Signature defaults” for new emails and replies, then click “Save Changes” at the bottom.',
    ],
  },
  {
    client: 'Outlook',
    steps: [
      'Click “Copy signature” above.',
      'In Outlook on the web or the new Outlook: Settings → Account → Signatures. In classic Outlook for Windows: File → Options → Mail → Signatures.',
      'Add a new signature, name it, and paste into the editor (Ctrl+V).',
      'Pick it as the default for new messages and replies, then Save.',
    ],
  },
  {
    client: 'Apple Mail',
    steps: [
      'Click “Copy signature” above.',
      'In Mail on the Mac, open Mail → Settings → Signatures and choose your account.',
      'Click +, name the signature, and untick “Always match my default message font”.',
      'Select the sample text on the right, paste (⌘V), and close the window: Mail saves it.',
    ],
  },
] as const;
