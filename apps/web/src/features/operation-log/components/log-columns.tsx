import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { formatDateTime } from '@/shared/format/date-time';

interface Row {
  action: string;
  kind: string;
  success: boolean;
  ip: string | null;
  detail: Record<string, unknown>;
  createtime: string;
}

/** The catalogue's name for an action (dots as _), or the action itself for one it lacks. */
export function actionLabel(t: TFunction, action: string): string {
  const key = `operation.action.${action.replace(/\./g, '_')}`;
  return t(key, { defaultValue: action });
}

/** A row's facts in words: the refusal reason, domains, names and counts. */
export function detailText(t: TFunction, detail: Record<string, unknown>): string {
  return Object.entries(detail)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([name, value]) => {
      if (name === 'reason' && typeof value === 'string')
        return t(`operation.reason.${value}`, { defaultValue: value });
      const text = Array.isArray(value)
        ? value.join(', ')
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value);
      return `${t(`operationLog.detail.${name}`, { defaultValue: name })}: ${text}`;
    })
    .join('; ');
}

/** Columns both logs share: time, operation, kind, result; `middle` goes before IP and detail. */
export function logColumns<T extends Row>(t: TFunction, middle: ColumnsType<T> = []): ColumnsType<T> {
  return [
    {
      title: t('operationLog.column.time'),
      dataIndex: 'createtime',
      key: 'time',
      render: (time: string) => formatDateTime(time),
    },
    {
      title: t('operationLog.column.operation'),
      dataIndex: 'action',
      key: 'action',
      render: (action: string) => actionLabel(t, action),
    },
    {
      title: t('operationLog.column.kind'),
      dataIndex: 'kind',
      key: 'kind',
      render: (kind: string) => t(`operation.kind.${kind}`, { defaultValue: kind }),
    },
    {
      title: t('operationLog.column.result'),
      dataIndex: 'success',
      key: 'success',
      render: (success: boolean) => (
        // The icon carries the colour; the words stay in the readable text colour (WCAG 1.4.3).
        <Tag
          icon={
            success ? (
              <CheckCircleFilled style={{ color: '#52c41a' }} />
            ) : (
              <CloseCircleFilled style={{ color: '#ff4d4f' }} />
            )
          }
        >
          {t(success ? 'operation.result.ok' : 'operation.result.failed')}
        </Tag>
      ),
    },
    ...middle,
    {
      title: t('operationLog.column.ip'),
      dataIndex: 'ip',
      key: 'ip',
      render: (ip: string | null) => ip ?? '-',
    },
    {
      title: t('operationLog.column.detail'),
      dataIndex: 'detail',
      key: 'detail',
      render: (detail: Record<string, unknown>) => detailText(t, detail) || '-',
    },
  ];
}
