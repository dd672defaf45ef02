import { downloadFile } from '../../../lib/download.ts';
import { type UsersParams, usersQuery } from './users-query.ts';

/** GET /api/users/export: the filtered list (every page) as .xlsx or .csv. */
export const exportUsers = (p: Omit<UsersParams, 'page'>, format: 'xlsx' | 'csv') =>
  downloadFile('/api/users/export', { ...usersQuery(p), format }, `Users.${format}`);
