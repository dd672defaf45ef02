import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';

/** GET /api/contacts/{id}/card: the scanned card's photo as an object URL (it needs the bearer token, so no plain <img src>). */
export const contactCardOptions = (cardUrl: string) =>
  queryOptions({
    queryKey: ['contacts', 'card', cardUrl],
    queryFn: async ({ signal }) => URL.createObjectURL(await (await apiFetch(cardUrl, { signal })).blob()),
    staleTime: Number.POSITIVE_INFINITY,
  });
