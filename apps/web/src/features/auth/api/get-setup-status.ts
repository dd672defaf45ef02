import type { SetupStatus } from '@profilehub/shared';
import { apiRequest } from '../../../lib/api.ts';

/** GET /api/setup: whether the hub still waits for its first superadmin. */
export function getSetupStatus(): Promise<SetupStatus> {
  return apiRequest('/api/setup', { auth: false });
}
