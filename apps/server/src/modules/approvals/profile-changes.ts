/**
 * Spec §3 Profile change: what an approver sees — each field or item whose
 * value on the page would change, with its old and new value. Pure.
 */
import { isDeepStrictEqual } from 'node:util';
import {
  addressParts,
  type ChangeValue,
  COLLECTION_FIELDS,
  formatAddress,
  isEmptyRichText,
  OBJECT_FIELDS,
  PROFILE_CONTENT_FIELDS,
  type ProfileChange,
} from '@profilehub/shared';

type Doc = Record<string, unknown>;

const FIELD_TITLES: Record<string, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  fullName: 'Full name',
  titleSize: 'Title size',
  subtitleSize: 'Subtitle size',
  jobTitle: 'Job title',
  profilePhoto: 'Profile picture',
  mainContactNumber: 'Main contact number',
  whatsappNumber: 'WhatsApp number',
  officeNumber: 'Office number',
  emailAddress: 'Email address',
  navigateToOffice: 'Navigate to office',
  mainActionButton: 'Call to action',
  stylingId: 'Theme',
  fontFamily: 'Font',
  cssPlug: 'Custom CSS',
  logo: 'Logo',
  banner: 'Background',
  mobileBanner: 'Mobile banner',
  desktopBanner: 'Desktop banner',
  banners: 'Banners',
  qrCodeData: 'QR code',
  profileDisclaimer: 'Footer disclaimer',
  consentText: 'Consent text',
  referral_message: 'WhatsApp share message',
  aboutMeVideo: 'About me video',
  limits: 'Limits',
  links: 'Button',
  infoSections: 'Section',
  imageGallery: 'Gallery image',
  videoGallery: 'Video',
  testimonials: 'Testimonial',
  socialLinks: 'Social link',
  contactForm: 'Contact form',
  cssVariables: 'Colour',
  templateLayout: 'Layout',
  iconStyle: 'Icon style',
  subscriptionType: 'Subscription',
  enableConsent: 'Consent',
  aboutMeVideoEnabled: 'About me video shown',
};

/** Fields holding one image ({url, id, …}): only the image shown counts. */
const IMAGE_FIELDS = new Set(['profilePhoto', 'logo', 'banner', 'mobileBanner', 'desktopBanner']);
const COLLECTIONS = new Set<string>(COLLECTION_FIELDS);
const OBJECTS = new Set<string>(OBJECT_FIELDS);
/** Lists the page never shows: the server's change records, and the fields removed (whose absence is the change). */
const NOT_SHOWN = new Set<string>(['variableChangeRecords', 'removedFields']);

const isObject = (v: unknown): v is Doc => v !== null && typeof v === 'object' && !Array.isArray(v);
const isBlank = (v: unknown): boolean =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && isEmptyRichText(v)) ||
  (Array.isArray(v) && v.length === 0) ||
  (isObject(v) && Object.values(v).every(isBlank));
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const compact = (v: ChangeValue): ChangeValue => Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined)) as ChangeValue;

function changeValue(v: unknown): ChangeValue | null {
  if (isBlank(v)) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return { value: v };
  if (isObject(v)) {
    // A colour value (spec §3): what the page uses.
    if ('css' in v || 'color' in v) return { value: str(v.css) ?? str(v.color) ?? '' };
    if ('url' in v || 'title' in v) return compact({ url: str(v.url), title: str(v.title) });
  }
  return { value: JSON.stringify(v).slice(0, 500) };
}

function itemValue(item: Doc): ChangeValue {
  return compact({
    title: str(item.title) ?? str(item.key),
    url: str(item.url),
    description: str(item.description),
    review: str(item.review),
    name: str(item.author),
  });
}

function actionOf(before: unknown, after: unknown): ProfileChange['actionType'] {
  if (isBlank(before)) return 'added';
  if (isBlank(after)) return 'removed';
  return 'updated';
}

function itemsOf(v: unknown): Doc[] {
  return Array.isArray(v) ? v.filter((i): i is Doc => isObject(i) && typeof i.key === 'string') : [];
}

function diffItems(title: string, before: unknown, after: unknown, out: ProfileChange[]): void {
  const old = itemsOf(before);
  const now = itemsOf(after);
  const oldByKey = new Map(old.map((i) => [i.key as string, i]));
  const nowKeys = new Set(now.map((i) => i.key as string));
  for (const item of now) {
    const previous = oldByKey.get(item.key as string);
    if (!previous) out.push({ actionType: 'added', fieldTitle: `${title}: ${itemValue(item).title}`, oldValue: null, newValue: itemValue(item) });
    else if (!isDeepStrictEqual(previous, item))
      out.push({ actionType: 'updated', fieldTitle: `${title}: ${itemValue(item).title}`, oldValue: itemValue(previous), newValue: itemValue(item) });
  }
  for (const item of old) {
    if (!nowKeys.has(item.key as string))
      out.push({ actionType: 'removed', fieldTitle: `${title}: ${itemValue(item).title}`, oldValue: itemValue(item), newValue: null });
  }
  const kept = (list: Doc[], keys: Set<string>) => list.filter((i) => keys.has(i.key as string)).map((i) => itemValue(i).title ?? '');
  const oldOrder = kept(old, nowKeys);
  const newOrder = kept(now, new Set(oldByKey.keys()));
  if (!isDeepStrictEqual(oldOrder, newOrder)) {
    out.push({ actionType: 'updated', fieldTitle: `${title} order`, oldValue: { value: oldOrder.join(', ') }, newValue: { value: newOrder.join(', ') } });
  }
}

/** The office address as shown (one line, and its maps link); an old one-line value reads like its parts. */
function diffAddress(before: unknown, after: unknown, out: ProfileChange[]): void {
  const value = (v: unknown): ChangeValue | null => {
    const line = formatAddress(v);
    const url = addressParts(v).url;
    return line || url ? compact({ title: line || undefined, url }) : null;
  };
  const a = value(before);
  const b = value(after);
  if (isDeepStrictEqual(a, b)) return;
  out.push({ actionType: actionOf(a, b), fieldTitle: FIELD_TITLES.navigateToOffice!, oldValue: a, newValue: b });
}

/**
 * The changes from `before` (the published content, or nothing) to `after`
 * (what would be published now), in the order of the document's fields.
 */
export function profileChanges(before: Doc | null | undefined, after: Doc): ProfileChange[] {
  const out: ProfileChange[] = [];
  const prev = before ?? {};
  for (const field of PROFILE_CONTENT_FIELDS) {
    if (NOT_SHOWN.has(field)) continue;
    const a = prev[field];
    const b = after[field];
    if (field === 'navigateToOffice') {
      diffAddress(a, b, out);
      continue;
    }
    if (isDeepStrictEqual(a, b) || (isBlank(a) && isBlank(b))) continue;
    const title = FIELD_TITLES[field] ?? field;
    if (COLLECTIONS.has(field)) {
      diffItems(title, a, b, out);
    } else if (IMAGE_FIELDS.has(field)) {
      const oldUrl = isObject(a) ? str(a.url) : undefined;
      const newUrl = isObject(b) ? str(b.url) : undefined;
      if (oldUrl !== newUrl)
        out.push({
          actionType: actionOf(oldUrl, newUrl),
          fieldTitle: title,
          oldValue: oldUrl ? { url: oldUrl } : null,
          newValue: newUrl ? { url: newUrl } : null,
        });
    } else if (OBJECTS.has(field) && (isObject(a) || isObject(b))) {
      const oa = isObject(a) ? a : {};
      const ob = isObject(b) ? b : {};
      for (const member of new Set([...Object.keys(oa), ...Object.keys(ob)])) {
        if (isDeepStrictEqual(oa[member], ob[member]) || (isBlank(oa[member]) && isBlank(ob[member]))) continue;
        out.push({
          actionType: actionOf(oa[member], ob[member]),
          fieldTitle: `${title}: ${member}`,
          oldValue: changeValue(oa[member]),
          newValue: changeValue(ob[member]),
        });
      }
    } else {
      out.push({ actionType: actionOf(a, b), fieldTitle: title, oldValue: changeValue(a), newValue: changeValue(b) });
    }
  }
  return out;
}

type FormField = { field_name?: unknown; label?: unknown; required?: unknown; type?: unknown; enabled?: unknown };
/** A lead form as a page draws it (publishing's PageLeadForm), read loosely: older snapshots lack the title. */
type DrawnForm = { title?: unknown; fields?: unknown; thankYouMessage?: unknown };

/** The fields a page shows, by field name (a disabled field is not on the page). */
function shownFields(form: DrawnForm | null | undefined): Map<string, FormField> {
  const fields = form && Array.isArray(form.fields) ? (form.fields as FormField[]) : [];
  return new Map(fields.filter((f) => isObject(f) && f.enabled === true && typeof f.field_name === 'string').map((f) => [f.field_name as string, f]));
}

const fieldLabel = (f: FormField): string => str(f.label) ?? String(f.field_name);
const requiredText = (f: FormField): string => (f.required === true ? 'Required' : 'Optional');

/**
 * What changes on the page's lead form from `before` (the form the live page shows, or none)
 * to `after` (the form a publish would draw): its fields — added, removed, renamed, made
 * required or optional, another input type — its title and its thank-you message.
 */
export function leadFormChanges(before: DrawnForm | null | undefined, after: DrawnForm | null | undefined): ProfileChange[] {
  const out: ProfileChange[] = [];
  const oldTitle = before ? str(before.title) : undefined;
  const newTitle = after ? str(after.title) : undefined;
  // A page stored before forms carried their title has none to compare with.
  const titleKnown = !before || 'title' in before;
  if (titleKnown && oldTitle !== newTitle) {
    out.push({
      actionType: actionOf(oldTitle, newTitle),
      fieldTitle: 'Lead form title',
      oldValue: changeValue(oldTitle),
      newValue: changeValue(newTitle),
    });
  }
  const old = shownFields(before);
  const now = shownFields(after);
  for (const [name, field] of now) {
    const previous = old.get(name);
    const label = fieldLabel(field);
    if (!previous) {
      out.push({ actionType: 'added', fieldTitle: `Lead form field: ${label}`, oldValue: null, newValue: { value: label, description: requiredText(field) } });
      continue;
    }
    const oldLabel = fieldLabel(previous);
    if (oldLabel !== label)
      out.push({ actionType: 'updated', fieldTitle: `Lead form field: ${oldLabel}`, oldValue: { value: oldLabel }, newValue: { value: label } });
    if ((previous.required === true) !== (field.required === true))
      out.push({
        actionType: 'updated',
        fieldTitle: `Lead form field: ${label}: required`,
        oldValue: { value: requiredText(previous) },
        newValue: { value: requiredText(field) },
      });
    if (previous.type !== field.type)
      out.push({
        actionType: 'updated',
        fieldTitle: `Lead form field: ${label}: type`,
        oldValue: changeValue(previous.type),
        newValue: changeValue(field.type),
      });
  }
  for (const [name, field] of old) {
    if (!now.has(name))
      out.push({
        actionType: 'removed',
        fieldTitle: `Lead form field: ${fieldLabel(field)}`,
        oldValue: { value: fieldLabel(field), description: requiredText(field) },
        newValue: null,
      });
  }
  const oldThanks = before ? before.thankYouMessage : undefined;
  const newThanks = after ? after.thankYouMessage : undefined;
  if (!isBlank(oldThanks) || !isBlank(newThanks)) {
    if (oldThanks !== newThanks)
      out.push({
        actionType: actionOf(oldThanks, newThanks),
        fieldTitle: 'Lead form thank-you message',
        oldValue: changeValue(oldThanks),
        newValue: changeValue(newThanks),
      });
  }
  return out;
}
