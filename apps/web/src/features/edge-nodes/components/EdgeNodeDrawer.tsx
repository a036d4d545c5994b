import type { EdgeNodeDetail } from '@nimbus/contract';
import { Alert, Descriptions, Drawer, Flex, Typography, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { NodeApplyHistory } from '@/features/edge-nodes/components/NodeApplyHistory';
import {
  ConfigStateTag,
  DegradedReason,
  EnabledTag,
  LineTag,
  OnlineBadge,
} from '@/features/edge-nodes/components/NodeStatus';
import { useEdgeNodeDetail } from '@/features/edge-nodes/hooks/useEdgeNodes';
import { uptimeParts } from '@/features/edge-nodes/lib/node-state';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import { PageLoading } from '@/shared/ui/PageLoading';
import { formatDateTime } from '@/shared/format/date-time';

/** One node's facts and its recent apply history, refreshed like the list. */
export function EdgeNodeDrawer({ nodeId, onClose }: { nodeId: number | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, isError, refetch } = useEdgeNodeDetail(nodeId);

  let body;
  if (data) body = <NodeDetail node={data} />;
  else if (isError)
    body = (
      <LoadFailed
        title={t('edgeNodes.detail.loadFailed')}
        retryLabel={t('edgeNodes.retry')}
        onRetry={() => void refetch()}
      />
    );
  else body = <PageLoading />;

  return (
    <Drawer
      open={nodeId !== undefined}
      onClose={onClose}
      title={data?.name ?? t('edgeNodes.detail.title')}
      size="large"
      destroyOnHidden
    >
      {body}
    </Drawer>
  );
}

function NodeDetail({ node }: { node: EdgeNodeDetail }) {
  const { t } = useTranslation();
  const none = <Typography.Text type="secondary">-</Typography.Text>;
  const connected = node.lastHeartbeatAt !== null;
  const items: DescriptionsProps['items'] = [
    { key: 'status', label: t('edgeNodes.column.status'), children: <OnlineBadge node={node} /> },
    { key: 'config', label: t('edgeNodes.column.config'), children: <ConfigStateTag node={node} /> },
    { key: 'ipv4', label: t('edgeNodes.form.ipv4'), children: node.ipv4 },
    { key: 'ipv6', label: t('edgeNodes.form.ipv6'), children: node.ipv6 || none },
    {
      key: 'listen',
      label: t('edgeNodes.form.listenAddress'),
      children: node.listenAddress || t('edgeNodes.detail.everyAddress'),
    },
    { key: 'group', label: t('edgeNodes.form.group'), children: node.groupName },
    { key: 'line', label: t('edgeNodes.form.line'), children: <LineTag line={node.line} /> },
    { key: 'enabled', label: t('edgeNodes.form.enabled'), children: <EnabledTag enabled={node.enabled} /> },
    { key: 'nginx', label: t('edgeNodes.column.nginx'), children: node.nginxVersion || none },
    { key: 'agent', label: t('edgeNodes.detail.agentVersion'), children: node.agentVersion || none },
    {
      key: 'connections',
      label: t('edgeNodes.column.connections'),
      children: node.online ? node.activeConnections : none,
    },
    {
      key: 'uptime',
      label: t('edgeNodes.detail.uptime'),
      children: node.online ? t('edgeNodes.detail.uptimeValue', uptimeParts(node.uptimeSeconds)) : none,
    },
    {
      key: 'heartbeat',
      label: t('edgeNodes.detail.lastHeartbeat'),
      children: node.lastHeartbeatAt ? formatDateTime(node.lastHeartbeatAt) : none,
    },
    { key: 'created', label: t('edgeNodes.column.created'), children: formatDateTime(node.createdAt) },
  ];
  return (
    <Flex vertical gap={16}>
      {!connected && (
        <Alert
          type="info"
          showIcon
          title={t('edgeNodes.detail.neverTitle')}
          description={t('edgeNodes.detail.neverText')}
        />
      )}
      {node.degraded && (
        <Alert
          type="warning"
          showIcon
          title={t('edgeNodes.detail.degradedTitle')}
          description={<DegradedReason degraded={node.degraded} />}
        />
      )}
      {node.applyState === 'failed' && node.lastError && (
        <Alert
          type="error"
          showIcon
          title={t('edgeNodes.detail.failedTitle', { version: node.latestVersion })}
          description={
            <span style={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{node.lastError}</span>
          }
        />
      )}
      <Descriptions bordered size="small" column={{ xs: 1, sm: 2 }} items={items} />
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('edgeNodes.history.title')}
      </Typography.Title>
      <NodeApplyHistory history={node.history} />
    </Flex>
  );
}
