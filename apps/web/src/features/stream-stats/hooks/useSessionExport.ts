import { formatUtcOffset, type StreamSessionQuery } from '@nimbus/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveTextFile } from '@/features/request-log/lib/csv';
import { collectRows } from '@/features/request-log/lib/export-rows';
import { streamStatsApi } from '@/features/stream-stats/api/stream-stats-api';
import { sessionCsv } from '@/features/stream-stats/lib/session-csv';
import { displayOffsetMinutes, formatDateTime } from '@/shared/format/date-time';

/**
 * The CSV of the applied filter, made in the browser from the log's own pages as the request
 * log's export is (collectRows: newest first, a bounded number of pages; `note` says when cut).
 */
export function useSessionExport(query: Omit<StreamSessionQuery, 'page' | 'limit'>) {
  const { t, i18n } = useTranslation();
  const [running, setRunning] = useState(false);
  const [note, setNote] = useState<string>();
  const run = async () => {
    setRunning(true);
    setNote(undefined);
    try {
      const got = await collectRows((page, limit) => streamStatsApi.sessions({ ...query, page, limit }));
      const zone = formatUtcOffset(displayOffsetMinutes());
      const csv = sessionCsv(
        got.rows,
        (field) =>
          field === 'time'
            ? `${t('streamStats.log.field.time')} (${zone})`
            : t(`streamStats.log.field.${field}`),
        formatDateTime,
      );
      const stamp = formatDateTime(Date.now()).replace(/[-: ]/g, '');
      saveTextFile(csv, `stream-log-${stamp}.csv`);
      const count = (n: number) => n.toLocaleString(i18n.language === 'en' ? 'en-US' : 'zh-CN');
      setNote(
        got.cut
          ? t('streamStats.log.export.cut', { rows: count(got.rows.length), total: count(got.total) })
          : t('streamStats.log.export.done', { rows: count(got.rows.length) }),
      );
    } catch {
      // The client toasted the reason; nothing was saved.
    } finally {
      setRunning(false);
    }
  };
  return { run, running, note, clear: () => setNote(undefined) };
}
