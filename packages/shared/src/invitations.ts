/** Spec §5 texts of the invite dialog, word for word ('devision' as the product spells it). */
export const INVITE_MESSAGES = {
  emailRequired: 'Please enter an email address',
  nameRequired: 'Please enter a full name',
  divisionRequired: 'Please select a devision',
  alreadyUser: 'A user with this email address already exists.',
  noTemplate: 'This division has no template yet. Create a template first.',
  inviteNotAllowed: 'Inviting users is not turned on for this division.',
} as const;
