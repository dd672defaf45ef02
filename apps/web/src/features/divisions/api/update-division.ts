import type { CompanyConsoleRow, UpdateCompanyInput } from '@profilehub/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/** PATCH /api/companies/{id}: the settings sent, refused (409) if the division changed since `updatedAt`. */
function updateDivision({ id, ...input }: UpdateCompanyInput & { id: number }): Promise<CompanyConsoleRow> {
  return apiRequest(`/api/companies/${id}`, { method: 'PATCH', body: input });
}

export function useUpdateDivision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateDivision,
    onSuccess: (row) => {
      client.setQueryData(['divisions', 'one', row.id], row);
      return client.invalidateQueries({ queryKey: ['divisions', 'console'] });
    },
  });
}
