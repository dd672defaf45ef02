import { SETTINGS_HASHES } from '@profilehub/shared';

export type SettingsPage = (typeof SETTINGS_HASHES)[number];

/** `#billing` → 'billing'; null when the hash is not one of the settings pages. */
export function settingsPageFromHash(hash: string): SettingsPage | null {
  const slug = hash.replace(/^#/, '');
  return (SETTINGS_HASHES as readonly string[]).includes(slug) ? (slug as SettingsPage) : null;
}

export const SETTINGS_TITLES: Record<SettingsPage, string> = {
  settings: 'Settings',
  billing: 'Manage Billing',
  passkeys: 'Passkeys',
  faq: 'FAQ',
  legal: 'Legal',
  support: 'Support',
  'manage-notifications': 'Manage Notifications',
  'delete-account': 'Delete Account',
};
