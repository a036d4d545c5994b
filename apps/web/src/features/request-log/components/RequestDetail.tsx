import { formatBytes, formatUtcOffset, type RequestLogRow } from '@nimbus/contract';
import { Descriptions, Drawer, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ROW_FIELDS, type RowField } from '@/features/request-log/lib/row-fields';
import { displayOffsetMinutes, formatDateTime } from '@/shared/format/date-time';

/** Every field of one request, in full (the table clips long URLs and User-Agents). */
export function RequestDetail({ row, onClose }: { row: RequestLogRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const show = (field: RowField, r: RequestLogRow): ReactNode => {
    switch (field) {
      case 'time':
        return `${formatDateTime(r.time)} (${formatUtcOffset(displayOffsetMinutes())})`;
      case 'bytesOut':
      case 'bytesIn':
        return `${formatBytes(r[field])} (${r[field]} B)`;
      case 'requestMs':
        return `${r.requestMs} ms`;
      case 'upstreamMs':
        return r.upstreamMs === null ? t('requestLog.detail.noUpstream') : `${r.upstreamMs} ms`;
      default: {
        const value = String(r[field]);
        return value ? <Typography.Text copyable>{value}</Typography.Text> : '-';
      }
    }
  };
  return (
    <Drawer open={row !== null} onClose={onClose} title={t('requestLog.detail.title')} size={560}>
      {row && (
        <Descriptions
          bordered
          size="small"
          column={1}
          items={ROW_FIELDS.map((field) => ({
            key: field,
            label: t(`requestLog.field.${field}`),
            children: show(field, row),
          }))}
        />
      )}
    </Drawer>
  );
}
