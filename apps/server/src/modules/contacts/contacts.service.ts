/**
 * The contacts workspace (issue #29): a visitor's details left on a profile, for the
 * profile's owner, the division's supervisors and superadmins (policy canSeeContact).
 */
import { createHash } from 'node:crypto';
import { vcard } from '@profilehub/profile-page';
import {
  CONTACT_SOURCE_LABELS,
  CONTACTS_LIST_WINDOW,
  CONTACTS_MESSAGES,
  type ContactCreateBody,
  type ContactDetail,
  type ContactEraseResult,
  type ContactRow,
  type ContactsFilter,
  type ContactsListQuery,
  type ContactsListResponse,
} from '@profilehub/shared';
import type { FastifyReply } from 'fastify';
import type { Deps } from '../../deps.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { type Actor, canAddContact, canSeeContact } from '../../http/policy.ts';
import { attachmentName, sendXlsx, type XlsxColumn } from '../../http/xlsx.ts';
import { audit } from '../audit/audit.service.ts';
import { sendCsv } from '../users/csv.ts';
import {
  type ContactRecord,
  cardOf,
  contactById,
  contactsByIds,
  deleteContact,
  deleteExpiredContacts,
  eraseContactsByEmail,
  insertContact,
  listContacts,
  ownProfileOf,
  profileForContact,
  setContactNotes,
  streamContacts,
  unclaimedCard,
} from './contacts.queries.ts';

type Db = Pick<Deps, 'db'>;

const rowOf = (c: ContactRecord): ContactRow => ({
  id: c.id,
  name: c.name,
  email: c.email,
  phone: c.phone,
  company: c.company,
  jobTitle: c.jobTitle,
  source: c.source,
  profileId: c.profileId,
  profileName: c.profileName,
  companyId: c.companyId,
  createdAt: c.createdAt.toISOString(),
});
const detailOf = (c: ContactRecord): ContactDetail => ({
  ...rowOf(c),
  message: c.message,
  notes: c.notes,
  website: c.website,
  cardUrl: c.cardUploadId === null ? null : `/api/contacts/${c.id}/card`,
});

/** GET /contacts: one page of the actor's contacts. */
export async function listContactsPage(deps: Db, actor: Actor, q: ContactsListQuery): Promise<ContactsListResponse> {
  const { rows, total, totalCapped } = await listContacts(deps.db, actor, q, q.page, q.pageSize, CONTACTS_LIST_WINDOW);
  return { data: rows.map(rowOf), page: q.page, pageSize: q.pageSize, total, totalCapped };
}

/**
 * The profile a new contact is kept on: the one named, if the actor may add contacts to it
 * (another's answers 404 like a missing one), else the actor's own.
 */
export async function profileToKeepContactOn(deps: Db, actor: Actor, profileId?: number) {
  if (profileId !== undefined) {
    const p = await profileForContact(deps.db, profileId);
    if (!p || !canAddContact(actor, p)) throw notFound('Profile not found');
    return p;
  }
  const own = await ownProfileOf(deps.db, actor.userId);
  if (!own) throw new AppError(409, 'no_profile', CONTACTS_MESSAGES.noProfile);
  return own;
}

/** POST /contacts: a contact the person confirmed (a scanned card), kept on their profile with the card's photo. */
export async function createContact(deps: Db, actor: Actor, body: ContactCreateBody): Promise<ContactDetail> {
  const profile = await profileToKeepContactOn(deps, actor, body.profileId);
  const id = await deps.db.transaction(async (tx) => {
    if (body.cardUploadId !== undefined && !(await unclaimedCard(tx, body.cardUploadId, actor.userId)))
      throw new AppError(404, 'card_not_found', CONTACTS_MESSAGES.cardNotFound, 'cardUploadId');
    const data: Record<string, string> = {};
    for (const [key, value] of [
      ['name', body.name],
      ['email', body.email],
      ['mobile', body.phone],
      ['company', body.company],
      ['jobTitle', body.jobTitle],
      ['website', body.website],
    ] as const)
      if (value) data[key] = value;
    return insertContact(tx, {
      profileId: profile.id,
      companyId: profile.companyId,
      data,
      source: 'scanned',
      notes: body.notes,
      cardUploadId: body.cardUploadId ?? null,
    });
  });
  return getContact(deps, actor, id);
}

/** A contact the actor sees; another's answers 404 like a missing one. */
async function visibleContact(deps: Db, actor: Actor, id: number): Promise<ContactRecord> {
  const c = await contactById(deps.db, id);
  if (!c || !canSeeContact(actor, c)) throw notFound(CONTACTS_MESSAGES.notFound);
  return c;
}

export async function getContact(deps: Db, actor: Actor, id: number): Promise<ContactDetail> {
  return detailOf(await visibleContact(deps, actor, id));
}

/** GET /contacts/{id}/card: where the photo of a contact the actor sees is stored; 404 when it has none. */
export async function contactCard(deps: Db, actor: Actor, id: number) {
  const c = await visibleContact(deps, actor, id);
  const card = c.cardUploadId === null ? undefined : await cardOf(deps.db, c.cardUploadId);
  if (!card) throw notFound(CONTACTS_MESSAGES.cardNotFound);
  return card;
}

export async function saveContactNotes(deps: Db, actor: Actor, id: number, notes: string): Promise<ContactDetail> {
  const c = await visibleContact(deps, actor, id);
  await setContactNotes(deps.db, id, notes);
  return detailOf({ ...c, notes });
}

export async function removeContact(deps: Db, actor: Actor, id: number): Promise<void> {
  const c = await visibleContact(deps, actor, id);
  await deps.db.transaction(async (tx) => {
    await deleteContact(tx, id);
    await audit(tx, actor.userId, 'contact.deleted', `contact:${id} company:${c.companyId}`, { companyId: c.companyId, details: { source: c.source } });
  });
}

/** The audit's stand-in for an address: who asked can be matched later, and the log never holds it. */
const emailDigest = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/**
 * POST /contacts/erase (delete-on-request): every contact of this address the actor sees is
 * deleted, so no list, card or export has it any more; one audit line per division, with the
 * count and the address's SHA-256, never the address.
 */
export async function eraseContacts(deps: Db, actor: Actor, email: string): Promise<ContactEraseResult> {
  const erased = await deps.db.transaction(async (tx) => {
    const gone = await eraseContactsByEmail(tx, actor, email);
    const perDivision = new Map<number, number>();
    for (const g of gone) perDivision.set(g.companyId, (perDivision.get(g.companyId) ?? 0) + 1);
    for (const [companyId, count] of perDivision)
      await audit(tx, actor.userId, 'contact.erased', `company:${companyId}`, { companyId, details: { count, emailSha256: emailDigest(email) } });
    if (!gone.length) await audit(tx, actor.userId, 'contact.erased', undefined, { details: { count: 0, emailSha256: emailDigest(email) } });
    return gone.length;
  });
  return { erased, message: CONTACTS_MESSAGES.erased(erased) };
}

const COLUMNS: XlsxColumn<ContactRecord>[] = [
  { header: 'Name', value: (c) => c.name },
  { header: 'Email', width: 30, value: (c) => c.email },
  { header: 'Phone', value: (c) => c.phone },
  { header: 'Company', value: (c) => c.company },
  { header: 'Job title', value: (c) => c.jobTitle },
  { header: 'Message', width: 40, value: (c) => c.message },
  { header: 'Notes', width: 40, value: (c) => c.notes },
  { header: 'Source', width: 12, value: (c) => CONTACT_SOURCE_LABELS[c.source] },
  { header: 'Profile', value: (c) => c.profileName },
  { header: 'Received (UTC)', width: 20, value: (c) => c.createdAt },
];

/** GET /contacts/export: the filtered list, every page, streamed (CSV formula-safe as every export). */
export async function exportContacts(deps: Db, actor: Actor, q: ContactsFilter & { format: 'xlsx' | 'csv' }, reply: FastifyReply, now = new Date()) {
  const fileName = `Contacts ${now.toISOString().slice(0, 10)}.${q.format}`;
  const rows = streamContacts(deps.db, actor, q);
  if (q.format === 'csv') return sendCsv(reply, { fileName, columns: COLUMNS, rows });
  return sendXlsx(reply, { fileName, sheetName: 'Contacts', columns: COLUMNS, rows });
}

/** GET /contacts/vcard: the chosen contacts (of those the actor sees) as one .vcf; none of them answers 404. */
export async function contactsVcard(deps: Db, actor: Actor, ids: number[], reply: FastifyReply) {
  const found = await contactsByIds(deps.db, actor, ids);
  if (!found.length) throw notFound(CONTACTS_MESSAGES.notFound);
  const text = found
    .map((c) =>
      vcard({ fullName: c.name, jobTitle: c.jobTitle, mainContactNumber: c.phone, emailAddress: c.email }, { url: '', organization: c.company || undefined }),
    )
    .join('');
  const name = attachmentName(found.length === 1 ? `${found[0]!.name || 'Contact'}.vcf` : `Contacts (${found.length}).vcf`);
  return reply
    .header('Content-Type', 'text/vcard; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('Cache-Control', 'no-store')
    .send(text);
}

/** The upkeep's retention (issue #29): contacts older than their division's retention leave, one audit line per division. */
export async function expireContacts(deps: Db, now = new Date()): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const gone = await deleteExpiredContacts(tx, now);
    for (const g of gone) await audit(tx, null, 'contacts.expired', `company:${g.companyId}`, { companyId: g.companyId, details: { count: g.n } });
    return gone.reduce((sum, g) => sum + g.n, 0);
  });
}
