import type { NodeMonitorState } from '@nimbus/contract';
import { Button, Flex, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OverrideDialog } from '@/features/node-monitor/components/OverrideDialog';
import { ProbeViews } from '@/features/node-monitor/components/ProbeViews';
import { useSetOverride } from '@/features/node-monitor/hooks/useNodeMonitor';
import { DataTable } from '@/shared/ui/DataTable';
import { formatDateTime } from '@/shared/format/date-time';

function HeldNote({ text, help }: { text: string; help: string }) {
  return (
    <Flex vertical>
      <Tag color="orange">{text}</Tag>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {help}
      </Typography.Text>
    </Flex>
  );
}

function DnsCell({ node }: { node: NodeMonitorState }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={2} align="start">
      <Tag color={node.inDns ? 'success' : 'error'}>
        {t(node.inDns ? 'nodeMonitor.states.inDns' : 'nodeMonitor.states.outOfDns')}
      </Tag>
      {node.plannedInDns !== node.inDns && (
        <Tag color="warning">
          {t(node.plannedInDns ? 'nodeMonitor.states.wouldReturn' : 'nodeMonitor.states.wouldRemove')}
        </Tag>
      )}
      {node.held && <HeldNote text={t('nodeMonitor.states.held')} help={t('nodeMonitor.states.heldHelp')} />}
    </Flex>
  );
}

/** Every node's verdict, DNS state, override and probe evidence, with the override actions. */
export function NodeStatesTable({ nodes }: { nodes: readonly NodeMonitorState[] }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<NodeMonitorState | null>(null);
  const clear = useSetOverride();
  const label = (key: string, params?: Record<string, unknown>) => t(`nodeMonitor.states.${key}`, params);

  const columns: ColumnsType<NodeMonitorState> = [
    {
      title: label('node'),
      key: 'node',
      render: (_, node) => (
        <Flex vertical>
          <span>{node.name}</span>
          <Typography.Text type="secondary">
            {[node.ipv4, node.ipv6].filter(Boolean).join(' / ')}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: label('group'),
      key: 'group',
      render: (_, node) => `${node.groupName} · ${t(`nodeMonitor.line.${node.line}`)}`,
    },
    {
      title: label('verdict'),
      key: 'verdict',
      render: (_, node) =>
        !node.enabled ? (
          <Tag>{label('disabled')}</Tag>
        ) : (
          <Flex vertical gap={2} align="start">
            <Tag color={node.healthy ? 'success' : 'error'}>{label(node.healthy ? 'healthy' : 'down')}</Tag>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {label('streaks', { percent: node.failPercent, up: node.upStreak, down: node.downStreak })}
            </Typography.Text>
          </Flex>
        ),
    },
    { title: label('dns'), key: 'dns', render: (_, node) => <DnsCell node={node} /> },
    {
      title: label('override'),
      key: 'override',
      render: (_, node) =>
        node.override ? (
          <Flex vertical gap={2} align="start">
            <Tag color="processing">{t(`nodeMonitor.override.${node.override}`)}</Tag>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {label('until', { time: node.overrideUntil ? formatDateTime(node.overrideUntil) : '' })}
            </Typography.Text>
          </Flex>
        ) : (
          '—'
        ),
    },
    { title: label('probes'), key: 'probes', render: (_, node) => <ProbeViews views={node.views} /> },
    {
      title: label('actions'),
      key: 'actions',
      render: (_, node) => (
        <Flex gap={4} wrap>
          <Button size="small" onClick={() => setEditing(node)} disabled={!node.enabled}>
            {label('setOverride')}
          </Button>
          {node.override && (
            <Button
              size="small"
              loading={clear.isPending}
              onClick={() => clear.mutate({ nodeId: node.nodeId, override: 'clear' })}
            >
              {label('clearOverride')}
            </Button>
          )}
        </Flex>
      ),
    },
  ];

  return (
    <>
      <DataTable<NodeMonitorState>
        rowKey="nodeId"
        columns={columns}
        dataSource={[...nodes]}
        emptyText={label('empty')}
      />
      <OverrideDialog node={editing} onClose={() => setEditing(null)} />
    </>
  );
}
