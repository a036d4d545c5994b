import { BACKUP_PATHS, type BackupSummary } from '@nimbus/contract';
import { downloadFile, request } from '@/shared/api/client';

export const backupApi = {
  /** The backup file, saved by the browser under the server's file name. */
  async download(): Promise<void> {
    const { blob, filename } = await downloadFile(BACKUP_PATHS.export);
    const url = URL.createObjectURL(blob);
    const link = Object.assign(document.createElement('a'), { href: url, download: filename });
    document.body.append(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(url);
  },
  restore: (file: Blob) => request<BackupSummary>('POST', BACKUP_PATHS.import, { file }),
};
