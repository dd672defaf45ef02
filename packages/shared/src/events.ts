/** Interaction actions and types of spec §7: what a public page reports about its visitors. */
export const INTERACTION_ACTIONS = ['view', 'click', 'open', 'view-media', 'scroll', 'share', 'submit'] as const;
export const INTERACTION_TYPES = [
  'page',
  'url',
  'phone',
  'email',
  'dropdown',
  'modal',
  'socialmedia',
  'image',
  'video',
  'section',
  'testimonial',
  'lead-form',
  'pwa-install',
  'save-to-contacts',
  'copy-link',
  'whatsapp',
  'sms',
] as const;
export type InteractionAction = (typeof INTERACTION_ACTIONS)[number];
export type InteractionType = (typeof INTERACTION_TYPES)[number];

/** Longest label or value an event may carry (a link title or URL). */
export const EVENT_TEXT_MAX = 300;
