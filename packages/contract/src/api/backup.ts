import { z } from 'zod';

/**
 * Backup and restore of the whole database (admin, spec §7):
 *   GET  sys/config/export/db   → the backup file (application/octet-stream, attachment)
 *   POST sys/config/import/db   body: the file's bytes (application/octet-stream) → BackupSummary
 * The file is one consistent snapshot, gzip-compressed and sealed with the server's secret key
 * (AES-256-GCM), so the secrets inside stay encrypted; restoring needs the same key.
 */
export const BACKUP_PATHS = {
  export: 'sys/config/export/db',
  import: 'sys/config/import/db',
} as const;

/** Files larger than this are refused before reading (the upload is held in memory). */
export const BACKUP_MAX_BYTES = 512 * 1024 * 1024;
export const BACKUP_FILE_EXTENSION = '.nimbus-backup';

export const backupSummarySchema = z.object({
  /** The database schema version (the last migration) the file was made at. */
  schema: z.string(),
  createdAt: z.string(),
  tables: z.number().int(),
  rows: z.number().int(),
});
export type BackupSummary = z.infer<typeof backupSummarySchema>;
