import type { Superadmin } from '@profilehub/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/** GET /api/superadmins: the platform staff (superadmins only). */
export const superadminsOptions = () =>
  queryOptions({ queryKey: ['superadmins'], queryFn: ({ signal }) => apiRequest<{ data: Superadmin[] }>('/api/superadmins', { signal }) });
