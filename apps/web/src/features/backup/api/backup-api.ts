import { BACKUP_PATHS, type BackupSummary } from '@nimbus/contract';
import { request, saveDownload } from '@/shared/api/client';

export const backupApi = {
  /** The backup file, saved by the browser under the server's file name. */
  download: () => saveDownload(BACKUP_PATHS.export),
  restore: (file: Blob) => request<BackupSummary>('POST', BACKUP_PATHS.import, { file }),
};
