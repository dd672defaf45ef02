import { downloadFile } from '../../../lib/download.ts';
import { type ContactsFilters, contactsQuery } from './contacts-query.ts';

/** GET /api/contacts/export: the filtered contacts (every page) as .xlsx or .csv. */
export const exportContacts = (f: ContactsFilters, format: 'xlsx' | 'csv') =>
  downloadFile('/api/contacts/export', { ...contactsQuery(f), format }, `Contacts.${format}`);

/** GET /api/contacts/vcard: the chosen contacts as one .vcf. */
export const downloadVcards = (ids: number[]) => downloadFile('/api/contacts/vcard', { ids: ids.join(',') }, 'Contacts.vcf');
