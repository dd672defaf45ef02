import type { DeleteCompanyInput, DeleteCompanyResult } from '@profilehub/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/** DELETE /api/companies/{id}: the division's name typed and the export that keeps its data. */
function deleteDivision({ id, ...body }: DeleteCompanyInput & { id: number }): Promise<DeleteCompanyResult> {
  return apiRequest(`/api/companies/${id}`, { method: 'DELETE', body });
}

export function useDeleteDivision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteDivision,
    onSuccess: (done) => {
      client.removeQueries({ queryKey: ['divisions', 'one', done.id] });
      client.removeQueries({ queryKey: ['divisions', 'exports', done.id] });
      return client.invalidateQueries({ queryKey: ['divisions', 'console'] });
    },
  });
}
