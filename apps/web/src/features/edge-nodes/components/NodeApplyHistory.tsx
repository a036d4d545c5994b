import type { EdgeApplyRecord } from '@nimbus/contract';
import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/shared/ui/DataTable';
import { formatDateTime } from '@/shared/format/date-time';

/** The node's recent reports: which version it applied or refused, with nginx's error. */
export function NodeApplyHistory({ history }: { history: EdgeApplyRecord[] }) {
  const { t } = useTranslation();
  const columns: ColumnsType<EdgeApplyRecord> = [
    {
      title: t('edgeNodes.history.version'),
      dataIndex: 'version',
      width: 80,
      render: (v: number) => `v${v}`,
    },
    {
      title: t('edgeNodes.history.state'),
      dataIndex: 'state',
      width: 100,
      render: (state: EdgeApplyRecord['state']) =>
        state === 'applied' ? (
          <Tag color="success">{t('edgeNodes.history.applied')}</Tag>
        ) : (
          <Tag color="error">{t('edgeNodes.history.failed')}</Tag>
        ),
    },
    {
      title: t('edgeNodes.history.error'),
      dataIndex: 'error',
      render: (error: string) =>
        error ? (
          <Typography.Text type="danger" style={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
            {error}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">-</Typography.Text>
        ),
    },
    {
      title: t('edgeNodes.history.at'),
      dataIndex: 'at',
      width: 170,
      render: (v: string) => formatDateTime(v),
    },
  ];
  return (
    <DataTable<EdgeApplyRecord>
      rowKey={(r) => `${r.version}-${r.at}`}
      columns={columns}
      dataSource={history}
      emptyText={t('edgeNodes.history.empty')}
    />
  );
}
