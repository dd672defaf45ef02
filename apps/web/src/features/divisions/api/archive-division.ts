import type { CompanyConsoleRow } from '@profilehub/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/** POST /api/companies/{id}/archive or /restore: the division as it is afterwards. */
function setArchived({ id, archived }: { id: number; archived: boolean }): Promise<CompanyConsoleRow> {
  return apiRequest(`/api/companies/${id}/${archived ? 'archive' : 'restore'}`, { method: 'POST' });
}

export function useArchiveDivision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setArchived,
    onSuccess: (row) => {
      client.setQueryData(['divisions', 'one', row.id], row);
      return client.invalidateQueries({ queryKey: ['divisions', 'console'] });
    },
  });
}
