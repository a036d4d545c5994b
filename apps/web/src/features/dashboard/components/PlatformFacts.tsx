import {
  CloudServerOutlined,
  CustomerServiceOutlined,
  GlobalOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { Col, Row, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useConsoleRoutes } from '@/app/routing/route-context';
import { usePlatformIndex } from '@/features/dashboard/api/platform-api';
import { FactCard } from './FactCard';

/** The platform at a glance: accounts, sites, nodes, open work orders and what needs care. */
export function PlatformFacts() {
  const { t } = useTranslation();
  const routes = useConsoleRoutes();
  const index = usePlatformIndex().data;
  const link = (label: string, path: string) =>
    routes.some((route) => route.path === path) ? { label, to: path } : undefined;
  if (!index) return <Skeleton active />;
  const facts: { key: string; icon: ReactNode; value: ReactNode; action?: { label: string; to: string } }[] =
    [
      {
        key: 'customers',
        icon: <TeamOutlined />,
        value: t('dashboard.platform.customersValue', {
          count: index.customers,
          disabled: index.disabledCustomers,
        }),
        action: link(t('dashboard.platform.manage'), '/account/customers'),
      },
      { key: 'sites', icon: <GlobalOutlined />, value: index.sites },
      {
        key: 'nodes',
        icon: <CloudServerOutlined />,
        value: t('dashboard.platform.nodesValue', { online: index.onlineNodes, count: index.nodes }),
        action: link(t('dashboard.platform.manage'), '/edge/nodes'),
      },
      {
        key: 'workOrders',
        icon: <CustomerServiceOutlined />,
        value: index.openWorkOrders,
        action: link(t('dashboard.platform.answer'), '/support/work-orders'),
      },
      { key: 'certificates', icon: <SafetyCertificateOutlined />, value: index.expiringCertificates },
      {
        key: 'failedLogins',
        icon: <WarningOutlined />,
        value: index.failedLoginsToday,
        action: link(t('dashboard.platform.audit'), '/system/audit-log'),
      },
    ];
  return (
    <Row gutter={[16, 16]}>
      {facts.map((fact) => (
        <Col key={fact.key} xs={12} lg={8} xxl={4}>
          <FactCard
            title={t(`dashboard.platform.${fact.key}`)}
            icon={fact.icon}
            value={fact.value}
            action={fact.action}
          />
        </Col>
      ))}
    </Row>
  );
}
