import type { ContactDetail } from '@profilehub/shared';
import { apiRequest } from '../../../lib/api.ts';

export type NewContact = {
  name: string;
  jobTitle: string;
  company: string;
  phone: string;
  email: string;
  website: string;
  notes: string;
  cardUploadId?: number;
};

/** POST /api/contacts: the contact the person confirmed, kept on their profile with the card's photo. */
export const createContact = (body: NewContact) => apiRequest<ContactDetail>('/api/contacts', { method: 'POST', body });
