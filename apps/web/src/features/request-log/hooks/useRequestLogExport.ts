import { formatUtcOffset } from '@nimbus/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestLogApi } from '@/features/request-log/api/request-log-api';
import { saveTextFile } from '@/features/request-log/lib/csv';
import { collectRows } from '@/features/request-log/lib/export-rows';
import { requestLogQuery, type RequestLogFilters } from '@/features/request-log/lib/filters';
import { requestLogCsv } from '@/features/request-log/lib/row-fields';
import { displayOffsetMinutes, formatDateTime } from '@/shared/format/date-time';

/**
 * The CSV of the applied filter, made in the browser from the log's own pages (newest first, at
 * most EXPORT_MAX_PAGES × EXPORT_PAGE_SIZE rows). `note` says how many rows it holds, and that it
 * was cut when the filter matched more. A failure was toasted by the API client already.
 */
export function useRequestLogExport(filters: RequestLogFilters) {
  const { t, i18n } = useTranslation();
  const [running, setRunning] = useState(false);
  const [note, setNote] = useState<string>();
  const run = async () => {
    setRunning(true);
    setNote(undefined);
    try {
      const got = await collectRows((page, limit) =>
        requestLogApi.page(requestLogQuery(filters, page, limit)),
      );
      const zone = formatUtcOffset(displayOffsetMinutes());
      const csv = requestLogCsv(
        got.rows,
        (field) =>
          field === 'time' ? `${t('requestLog.field.time')} (${zone})` : t(`requestLog.field.${field}`),
        formatDateTime,
      );
      const stamp = formatDateTime(Date.now()).replace(/[-: ]/g, '');
      saveTextFile(csv, `request-log-${stamp}.csv`);
      const count = (n: number) => n.toLocaleString(i18n.language === 'en' ? 'en-US' : 'zh-CN');
      setNote(
        got.cut
          ? t('requestLog.export.cut', { rows: count(got.rows.length), total: count(got.total) })
          : t('requestLog.export.done', { rows: count(got.rows.length) }),
      );
    } catch {
      // The client toasted the reason; nothing was saved.
    } finally {
      setRunning(false);
    }
  };
  return { run, running, note, clear: () => setNote(undefined) };
}
