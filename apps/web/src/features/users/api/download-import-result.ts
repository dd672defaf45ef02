import { downloadFile } from '../../../lib/download.ts';

/** GET /api/users/import/:id/result: every row of the file with its outcome and the reason, as CSV. */
export const downloadImportResult = (id: number) => downloadFile(`/api/users/import/${id}/result`, {}, 'Import result.csv');
