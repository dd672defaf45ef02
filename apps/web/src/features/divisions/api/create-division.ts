import type { CompanyConsoleRow, CreateCompanyInput } from '@profilehub/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/** POST /api/companies: a new division with its first master template. */
function createDivision(input: CreateCompanyInput): Promise<CompanyConsoleRow> {
  return apiRequest('/api/companies', { method: 'POST', body: input });
}

export function useCreateDivision() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createDivision, onSuccess: () => client.invalidateQueries({ queryKey: ['divisions'] }) });
}
