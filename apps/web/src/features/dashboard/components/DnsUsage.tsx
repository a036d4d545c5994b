import { GlobalOutlined, PlusOutlined, SearchOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { formatCount, groupThousands } from '@nimbus/contract';
import { Button, Col, Row, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useConsoleRoutes } from '@/app/routing/route-context';
import { useDnsServiceStatus, useDnsUserChart } from '@/features/dashboard/api/dns-dashboard-api';
import { DnsRecordTypes } from '@/features/dashboard/components/DnsRecordTypes';
import { DnsServiceNotice } from '@/features/dashboard/components/DnsServiceNotice';
import { FactCard } from '@/features/dashboard/components/FactCard';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import { Panel } from '@/shared/ui/Panel';
import { StatusPanel } from '@/shared/ui/StatusPanel';

/**
 * The DNS customer's hosting at a glance (app/dns/user/chart/data): zones, records by type, and
 * the queries PowerDNS answered for them lately. `aside` sits beside the records by type.
 */
export function DnsUsage({ aside }: { aside: ReactNode }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const routes = useConsoleRoutes();
  const status = useDnsServiceStatus().data;
  const { data: chart, isError, refetch } = useDnsUserChart();
  const lang = i18n.language === 'en' ? 'en' : 'cn';
  const pathOf = (component: string) => routes.find((route) => route.component === component)?.path;
  const zonesPath = pathOf('dns/zone/list');
  const recordsPath = pathOf('dns/record');
  const link = (label: string, to: string | undefined) => (to ? { label, to } : undefined);

  const body = () => {
    if (!chart && isError)
      return (
        <Col span={24}>
          <Panel>
            <LoadFailed
              title={t('dashboard.dns.loadFailed')}
              retryLabel={t('dashboard.dns.retry')}
              onRetry={() => void refetch()}
            />
          </Panel>
        </Col>
      );
    if (!chart)
      return (
        <Col span={24}>
          <Skeleton active />
        </Col>
      );
    if (chart.zones === 0)
      return (
        <Col xs={24} xl={14}>
          <Panel style={{ height: '100%' }}>
            <StatusPanel
              status="info"
              title={t('dashboard.dns.emptyTitle')}
              subTitle={t('dashboard.dns.emptyHint')}
              extra={
                zonesPath && (
                  <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(zonesPath)}>
                    {t('dashboard.dns.addZone')}
                  </Button>
                )
              }
            />
          </Panel>
        </Col>
      );
    const queries = chart.recentQueries;
    return (
      <>
        <Col xs={24} md={8}>
          <FactCard
            title={t('dashboard.dns.zones')}
            icon={<GlobalOutlined />}
            value={formatCount(chart.zones, lang)}
            note={t('dashboard.dns.zonesState', {
              enabled: chart.enabledZones,
              paused: chart.zones - chart.enabledZones,
            })}
            action={link(t('dashboard.dns.manageZones'), zonesPath)}
          />
        </Col>
        <Col xs={24} md={8}>
          <FactCard
            title={t('dashboard.dns.records')}
            icon={<UnorderedListOutlined />}
            value={formatCount(chart.records, lang)}
            note={t('dashboard.dns.recordsNote', { zones: chart.zones })}
            action={link(t('dashboard.dns.manageRecords'), recordsPath)}
          />
        </Col>
        <Col xs={24} md={8}>
          <FactCard
            title={t('dashboard.dns.queries')}
            icon={<SearchOutlined />}
            value={queries === null ? '—' : formatCount(queries, lang)}
            note={
              queries === null || chart.queriesWindow === null
                ? t('dashboard.dns.queriesUnavailable')
                : t('dashboard.dns.queriesWindow', { window: groupThousands(String(chart.queriesWindow)) })
            }
          />
        </Col>
        <Col xs={24} xl={14}>
          <DnsRecordTypes byType={chart.recordsByType} />
        </Col>
      </>
    );
  };

  return (
    <Row gutter={[16, 16]}>
      {status && !status.ready && (
        <Col span={24}>
          <DnsServiceNotice status={status} />
        </Col>
      )}
      {body()}
      {chart ? (
        <Col xs={24} xl={10}>
          {aside}
        </Col>
      ) : (
        <Col span={24}>{aside}</Col>
      )}
    </Row>
  );
}
