import type { NodeMonitorEvent } from '@nimbus/contract';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { ProbeViews } from '@/features/node-monitor/components/ProbeViews';
import { useNodeMonitorEvents } from '@/features/node-monitor/hooks/useNodeMonitor';
import { DataTable } from '@/shared/ui/DataTable';
import { usePaging } from '@/shared/ui/usePaging';
import { formatDateTime } from '@/shared/format/date-time';

const ACTION_COLORS: Record<NodeMonitorEvent['action'], string> = {
  removed: 'error',
  returned: 'success',
  held: 'orange',
  override: 'processing',
  overrideCleared: 'default',
  overrideExpired: 'default',
};

/** Every removal, return, held-back removal and override, newest first, with the probes' evidence. */
export function NodeTimeline() {
  const { t } = useTranslation();
  const { page, limit, onChange } = usePaging();
  const { data, isFetching } = useNodeMonitorEvents({ page, limit });
  const label = (key: string) => t(`nodeMonitor.timeline.${key}`);

  const columns: ColumnsType<NodeMonitorEvent> = [
    { title: label('time'), dataIndex: 'createdAt', render: (time: string) => formatDateTime(time) },
    { title: label('node'), dataIndex: 'nodeName' },
    {
      title: label('action'),
      key: 'action',
      render: (_, event) => (
        <>
          <Tag color={ACTION_COLORS[event.action]}>{t(`nodeMonitor.action.${event.action}`)}</Tag>
          {event.dryRun && <Tag color="warning">{label('dryRun')}</Tag>}
        </>
      ),
    },
    {
      title: label('reason'),
      dataIndex: 'reason',
      render: (reason: string) => t(`nodeMonitor.reason.${reason}`),
    },
    { title: label('failPercent'), dataIndex: 'failPercent', render: (percent: number) => `${percent}%` },
    {
      title: label('evidence'),
      key: 'evidence',
      render: (_, event) => <ProbeViews views={event.evidence} />,
    },
  ];

  return (
    <DataTable<NodeMonitorEvent>
      rowKey="id"
      columns={columns}
      dataSource={data?.list ?? []}
      loading={isFetching && !data}
      emptyText={label('empty')}
      paging={{ page, pageSize: limit, total: data?.totalCount ?? 0, onChange }}
    />
  );
}
