/**
 * The product's own FAQ and legal text in settings: shown when the division has
 * none of its own in its white-label. Plain text only — a division's texts are
 * rendered as text, so they can never carry markup into the hub.
 */
export type FaqEntry = { question: string; answer: string };

export const DEFAULT_FAQ: readonly FaqEntry[] = [
  {
    question: 'How do I edit my profile?',
    answer: 'Open Profile in the menu, change your details and save. Saving keeps your changes in the hub; your public page changes only when you publish.',
  },
  {
    question: 'How do I publish my changes?',
    answer:
      'Press Publish in the profile editor. If your division reviews changes before they go live, your edits are sent for approval instead and go live once approved.',
  },
  {
    question: 'Why is my change waiting for approval?',
    answer:
      'Some divisions ask a supervisor to approve changes to public pages. Your supervisor sees the request and approves or declines it; until then your page shows the last approved version.',
  },
  {
    question: 'What do the statistics count?',
    answer: 'Statistics show how often your public page was visited and what visitors did there, such as saving your contact or following a link, day by day.',
  },
  {
    question: 'Some fields cannot be changed. Why?',
    answer: 'Your division can fix fields for everyone, for example the company address or logo. Ask your supervisor if one of them needs to change.',
  },
];

/** Paragraphs of a plain text: blank lines part them. */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** The product's legal text; the panel links support right below it. */
export const DEFAULT_LEGAL = [
  'Your use of this hub is governed by the terms agreed between your organisation and the hub provider. Your organisation decides what your profile may show and who may see it.',
  'We process the personal data in your profile to run your account and publish the pages you choose to publish.',
  'For the full terms of use, the privacy notice, or any question about your data, contact support.',
].join('\n\n');
