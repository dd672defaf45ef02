import type { DivisionExport, DivisionExportList } from '@profilehub/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { downloadFile } from '../../../lib/download.ts';

/** POST /api/companies/{id}/exports: starts an export of all of the division's data (or answers the one running). */
function startExport(id: number): Promise<DivisionExport> {
  return apiRequest(`/api/companies/${id}/exports`, { method: 'POST' });
}

export function useStartExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: startExport,
    onSuccess: (started) => client.setQueryData(['divisions', 'exports', started.companyId], { data: [started] } satisfies DivisionExportList),
  });
}

/** GET /api/companies/{id}/exports: the division's latest exports, newest first. */
function getExports(id: number, signal?: AbortSignal): Promise<DivisionExportList> {
  return apiRequest(`/api/companies/${id}/exports`, { signal });
}

/** How often the danger zone asks how far a running export got. */
const POLL_MS = 1000;

/**
 * The division's latest export, asked again every second while it is queued or running,
 * so the progress bar follows the job (it runs on the server, whichever copy took it).
 */
export const exportsOptions = (id: number) =>
  queryOptions({
    queryKey: ['divisions', 'exports', id],
    queryFn: ({ signal }) => getExports(id, signal),
    refetchInterval: (q) => {
      const latest = q.state.data?.data[0];
      return latest && (latest.status === 'queued' || latest.status === 'running') ? POLL_MS : false;
    },
  });

/** GET /api/companies/{id}/exports/{exportId}/download: the zip, saved under the server's file name. */
export function downloadExport(made: DivisionExport): Promise<void> {
  return downloadFile(`/api/companies/${made.companyId}/exports/${made.id}/download`, {}, made.fileName);
}
