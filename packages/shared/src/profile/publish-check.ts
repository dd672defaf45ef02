/**
 * Spec §4 Publish flow step 1 and §5 "Required for publish": the items the
 * Profile Checklist lists before a child profile can be published.
 */
import type { ProfileContent } from './content.ts';
import { indexPermissions, type PermissionsLike, resolvePermission } from './permissions.ts';
import { isDesktopLayout, isEmptyRichText } from './rules.ts';

/** One line of the Profile Checklist: the permission key (clicking scrolls to it) and what to fill in. */
export type MissingItem = { key: string; label: string };

export type PublishCheckOptions = {
  /** A master profile is always publishable (spec §4). */
  isMaster?: boolean;
  /** The master's child permission entries; `optional` entries are not required. */
  permissions?: PermissionsLike;
  /** The template layout; defaults to the content's `templateLayout`. Desktop templates ask for more (spec §2). */
  layout?: string | null;
  /** Company context (spec §5 "company name, subdomain"); checked when given. */
  company?: { name?: string | null; subdomain?: string | null } | null;
};

type Check = { key: string; label: string; chain?: string[]; missing: boolean };

const blank = (value: unknown): boolean => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
const noColour = (value: { css?: string; color?: string } | undefined): boolean => blank(value?.css) && blank(value?.color);

/**
 * The required items still missing from a child's effective content (editor
 * view), in the order of the editor's sections. Skips items the master marked
 * optional, and items the child cannot see or change (hidden or locked — the
 * child could never fix them). Contact numbers, email, colours, logo and the
 * desktop banners count only for desktop templates (the only templates whose
 * form has them); the contact form's fields only when it is enabled.
 */
export function missingForPublish(content: Partial<ProfileContent>, options: PublishCheckOptions = {}): MissingItem[] {
  if (options.isMaster) return [];
  const desktop = isDesktopLayout(options.layout ?? content.templateLayout);
  const css = content.cssVariables ?? {};
  const cta = content.mainActionButton ?? {};
  const form = content.contactForm;
  const checks: Check[] = [{ key: 'profilePhoto', label: 'Profile image', missing: blank(content.profilePhoto?.url) }];

  if (desktop) {
    checks.push({ key: 'fullName', label: 'Full name', missing: blank(content.fullName) && blank(content.firstName) && blank(content.lastName) });
  } else {
    checks.push({ key: 'firstName', label: 'First name', missing: blank(content.firstName) });
    checks.push({ key: 'lastName', label: 'Last name', missing: blank(content.lastName) });
  }
  checks.push({ key: 'jobTitle', label: 'Job title', missing: blank(content.jobTitle) });
  if (desktop) {
    checks.push(
      { key: 'mainContactNumber', label: 'Main contact number', missing: blank(content.mainContactNumber) },
      { key: 'whatsappNumber', label: 'WhatsApp number', missing: blank(content.whatsappNumber) },
      { key: 'officeNumber', label: 'Office number', missing: blank(content.officeNumber) },
      { key: 'emailAddress', label: 'Email address', missing: blank(content.emailAddress) },
      {
        key: 'cssVariables.background-color',
        label: 'Primary colour',
        chain: ['cssVariables', 'cssVariables.background-color'],
        missing: noColour(css['background-color']),
      },
      { key: 'cssVariables.font-color', label: 'Secondary colour', chain: ['cssVariables', 'cssVariables.font-color'], missing: noColour(css['font-color']) },
    );
  }
  checks.push({ key: 'stylingId', label: 'Template', missing: blank(content.stylingId) });
  if (desktop) checks.push({ key: 'logo', label: 'Logo', missing: blank(content.logo?.url) });
  if (options.company) {
    checks.push(
      { key: 'companyName', label: 'Company name', missing: blank(options.company.name) },
      { key: 'subdomain', label: 'Subdomain', missing: blank(options.company.subdomain) },
    );
  }
  if (desktop) {
    checks.push(
      { key: 'mobileBanner', label: 'Mobile banner', missing: blank(content.mobileBanner?.url) },
      { key: 'desktopBanner', label: 'Desktop banner', missing: blank(content.desktopBanner?.url) },
    );
  } else {
    const hasSlide = (content.banners ?? []).some((b) => (b.slider ?? []).some((s) => !blank(s.url)));
    checks.push({ key: 'banners', label: 'Cover images', missing: !hasSlide });
  }
  checks.push(
    { key: 'mainActionButton.title', label: 'Call to action title', chain: ['mainActionButton', 'mainActionButton.title'], missing: blank(cta.title) },
    { key: 'mainActionButton.url', label: 'Call to action link', chain: ['mainActionButton', 'mainActionButton.url'], missing: blank(cta.url) },
    { key: 'mainActionButton.icon', label: 'Call to action icon', chain: ['mainActionButton', 'mainActionButton.icon'], missing: blank(cta.icon) },
  );
  (content.testimonials ?? []).forEach((t, i) => {
    if (t.enabled === false) return;
    const n = i + 1;
    const item = (part: string, label: string, missing: boolean): Check => ({
      key: `${t.key}.${part}`,
      label,
      chain: ['testimonials', t.key, `${t.key}.${part}`],
      missing,
    });
    checks.push(
      item('review', `Testimonial ${n} review`, blank(t.review)),
      item('author', `Testimonial ${n} author`, blank(t.author)),
      item('rating', `Testimonial ${n} rating`, typeof t.rating !== 'number'),
    );
  });
  if (form?.enabled) {
    const member = (name: 'sendToMail' | 'sendToMailCC' | 'thankYouMessage', label: string, missing: boolean): Check => ({
      key: `contactForm.${name}`,
      label,
      chain: ['contactForm', `contactForm.${name}`],
      missing,
    });
    checks.push(
      member('sendToMail', 'Send to email', blank(form.sendToMail)),
      member('sendToMailCC', 'Send to email CC', blank(form.sendToMailCC)),
      member('thankYouMessage', 'Thank you message', isEmptyRichText(form.thankYouMessage)),
    );
  }

  const index = indexPermissions(options.permissions);
  return checks
    .filter((check) => {
      if (!check.missing) return false;
      const permission = resolvePermission(index, check.chain ?? [check.key]);
      return permission.show && permission.edit && !permission.optional;
    })
    .map(({ key, label }) => ({ key, label }));
}
