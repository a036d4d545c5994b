import { GlobalOutlined, TeamOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { formatCount } from '@nimbus/contract';
import { Col, Row, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  useDnsAdminChart,
  useDnsServers,
  useDnsUpdateStatus,
} from '@/features/dashboard/api/dns-dashboard-api';
import { DnsServerPanel } from '@/features/dashboard/components/DnsServerPanel';
import { DnsUpdatePanel } from '@/features/dashboard/components/DnsUpdatePanel';
import { FactCard } from '@/features/dashboard/components/FactCard';

/**
 * The DNS admin's view of the service (issue 9 §7): what is hosted, each PowerDNS server's
 * version, uptime and counters from its own API, and how to upgrade them.
 */
export function DnsAdminOverview() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'cn';
  const servers = useDnsServers().data;
  const chart = useDnsAdminChart().data;
  const update = useDnsUpdateStatus().data;
  const totals = chart && [
    { key: 'zones', icon: <GlobalOutlined />, value: chart.zones },
    { key: 'records', icon: <UnorderedListOutlined />, value: chart.records },
    { key: 'customers', icon: <TeamOutlined />, value: chart.customers },
  ];

  return (
    <Row gutter={[16, 16]}>
      {totals?.map((total) => (
        <Col key={total.key} xs={24} md={8}>
          <FactCard
            title={t(`dashboard.dns.${total.key}`)}
            icon={total.icon}
            value={formatCount(total.value, lang)}
          />
        </Col>
      ))}
      {servers ? (
        servers.map((server) => (
          <Col key={server.kind} xs={24} xl={12}>
            <DnsServerPanel
              server={server}
              counters={chart?.counters.find((entry) => entry.kind === server.kind)?.values}
            />
          </Col>
        ))
      ) : (
        <Col span={24}>
          <Skeleton active />
        </Col>
      )}
      {update && (
        <Col span={24}>
          <DnsUpdatePanel status={update} />
        </Col>
      )}
    </Row>
  );
}
