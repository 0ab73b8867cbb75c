import { z } from 'zod';
import { endpoint, type Endpoint } from '../endpoint';

/** A "download my data" request: built by a job, then downloadable by its owner until it expires. */
const DataExportSchema = z.object({
  id: z.string(),
  status: z.enum(['pending', 'ready', 'failed']),
  createdAt: z.string(),
  /** When the download link stops working (and the file is removed); for a pending one, the latest it may be. */
  expiresAt: z.string(),
  sizeBytes: z.number().int().nullable(),
  /** Set once ready: GET it signed in as the owner, until expiresAt. */
  downloadUrl: z.string().nullable(),
});
export type DataExport = z.infer<typeof DataExportSchema>;

const ExportAnswer = z.object({ export: DataExportSchema.nullable() });

export const accountEndpoints = {
  /** The latest export of the signed-in account that has not expired, or null. */
  dataExport: endpoint({ method: 'GET', path: '/api/account/export', response: ExportAnswer }),
  /** Starts an export (or answers the one already being built); 202. */
  requestDataExport: endpoint({ method: 'POST', path: '/api/account/export', response: ExportAnswer }),
} as const satisfies Record<string, Endpoint>;
