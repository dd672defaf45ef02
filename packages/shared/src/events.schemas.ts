import { z } from 'zod';
import { hasNoNul, NUL_MESSAGE } from './errors.ts';
import { EVENT_TEXT_MAX, INTERACTION_ACTIONS, INTERACTION_TYPES } from './events.ts';

const text = z.string().max(EVENT_TEXT_MAX).refine(hasNoNul, NUL_MESSAGE);

/** One interaction a public page sends to POST /api/events (spec §7 action × type). */
export const TrackEventSchema = z.strictObject({
  profileId: z.number().int().positive().max(2_147_483_647),
  action: z.enum(INTERACTION_ACTIONS),
  type: z.enum(INTERACTION_TYPES),
  label: text.optional(),
  value: text.optional(),
  /** A view's carrier tag (`?src=` of the page URL: qr, nfc, link, wallet, signature). */
  source: text.optional(),
  /** A view's referring site (`document.referrer`'s host, never its path). */
  referrer: text.optional(),
  /** A view's `utm_campaign`. */
  campaign: text.optional(),
});
export type TrackEvent = z.infer<typeof TrackEventSchema>;
