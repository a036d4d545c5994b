import type { ConfigRecord, NodeMonitorOverview } from '@nimbus/contract';
import { Alert, Button, Card, Flex, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NodeCheckForm } from '@/features/node-monitor/components/NodeCheckForm';
import { NodeStatesTable } from '@/features/node-monitor/components/NodeStatesTable';
import { NodeTimeline } from '@/features/node-monitor/components/NodeTimeline';
import { useCheckNow, useSetDryRun } from '@/features/node-monitor/hooks/useNodeMonitor';
import { formatDateTime } from '@/shared/format/date-time';

/** Whether verdicts reach DNS: when not, why, and how to install what is missing. */
function DnsReach({ dns }: { dns: NodeMonitorOverview['dns'] }) {
  const { t } = useTranslation();
  if (dns.state === 'ready') return null;
  if (dns.state === 'noCnameDomain')
    return <Alert type="warning" showIcon title={t('nodeMonitor.dns.noCnameDomain')} />;
  return (
    <Alert
      type="error"
      showIcon
      title={t('nodeMonitor.dns.missing')}
      description={
        <Flex vertical gap={4}>
          <span>{t('nodeMonitor.dns.reason', { reason: dns.reason })}</span>
          <span>
            {t('nodeMonitor.dns.install')}{' '}
            <Typography.Text code copyable={{ text: dns.install }}>
              {dns.install}
            </Typography.Text>
          </span>
        </Flex>
      }
    />
  );
}

/** The monitor's switches and what it sees now. */
function MonitorControls({ overview }: { overview: NodeMonitorOverview }) {
  const { t } = useTranslation();
  const dryRun = useSetDryRun();
  const checkNow = useCheckNow();
  const label = (key: string, params?: Record<string, unknown>) => t(`nodeMonitor.${key}`, params);
  return (
    <Flex vertical gap={8}>
      <Space wrap size="large">
        <Space>
          <Switch
            aria-label={label('dryRun')}
            checked={overview.dryRun}
            loading={dryRun.isPending}
            onChange={(checked) => dryRun.mutate(checked)}
          />
          <span>{label('dryRun')}</span>
        </Space>
        <Button onClick={() => checkNow.mutate(undefined)} loading={checkNow.isPending}>
          {label('checkNow')}
        </Button>
        <Typography.Text type="secondary">
          {label('lastCheck', {
            time: overview.lastCheckAt ? formatDateTime(overview.lastCheckAt) : label('never'),
            mode: label(`config.mode.${overview.mode}`),
            frequency: overview.frequency,
          })}
        </Typography.Text>
      </Space>
      <Typography.Text type="secondary">{label('dryRunHelp')}</Typography.Text>
      {overview.dryRun && <Alert type="warning" showIcon title={label('dryRunOn')} />}
    </Flex>
  );
}

export function NodeMonitorScreen({
  record,
  overview,
}: {
  record: ConfigRecord;
  overview: NodeMonitorOverview;
}) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={16}>
      <DnsReach dns={overview.dns} />
      <NodeCheckForm record={record} />
      <Card size="small" title={t('nodeMonitor.states.title')}>
        <Flex vertical gap={12}>
          <MonitorControls overview={overview} />
          <Typography.Text type="secondary">{t('nodeMonitor.states.help')}</Typography.Text>
          <NodeStatesTable nodes={overview.nodes} />
        </Flex>
      </Card>
      <Card size="small" title={t('nodeMonitor.timeline.title')}>
        <NodeTimeline />
      </Card>
    </Flex>
  );
}
