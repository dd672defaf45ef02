import type { SuccessResponse } from '@profilehub/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { divisionSsoKey } from './get-division-sso.ts';

/** DELETE /api/companies/{id}/sso: the division signs in with passwords and codes again. */
function removeDivisionSso(id: number): Promise<SuccessResponse> {
  return apiRequest(`/api/companies/${id}/sso`, { method: 'DELETE' });
}

export function useRemoveDivisionSso(id: number) {
  const client = useQueryClient();
  return useMutation({ mutationFn: removeDivisionSso, onSuccess: () => client.invalidateQueries({ queryKey: divisionSsoKey(id) }) });
}
