import type { DnsZone } from '@nimbus/contract';
import { Alert, Button, Card, Col, Flex, Modal, Row, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDnsDelegation } from '@/features/dns/hooks/useDns';
import { LoadFailed } from '@/shared/ui/LoadFailed';

/** The name servers the registry should list beside those it lists now, asked each time it opens. */
export function DelegationModal({ zone, onClose }: { zone: DnsZone | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, isFetching, isError, refetch } = useDnsDelegation(zone?.id);
  const expected = new Set((data?.expected ?? []).map((ns) => ns.toLowerCase().replace(/\.$/, '')));

  const servers = (title: string, list: string[], mark: boolean) => (
    <Card size="small" title={title}>
      {list.length === 0 ? (
        <Typography.Text type="secondary">{t('dns.delegation.none')}</Typography.Text>
      ) : (
        <Flex vertical gap={4} role="list" aria-label={title}>
          {list.map((ns) => {
            const known = expected.has(ns.toLowerCase().replace(/\.$/, ''));
            return (
              <Typography.Text
                key={ns}
                role="listitem"
                copyable={!mark}
                type={mark && !known ? 'danger' : undefined}
              >
                {ns}
              </Typography.Text>
            );
          })}
        </Flex>
      )}
    </Card>
  );

  return (
    <Modal
      open={zone !== undefined}
      title={t('dns.delegation.title', { name: zone?.name ?? '' })}
      width={720}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="again" loading={isFetching} onClick={() => void refetch()}>
          {t('dns.delegation.again')}
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          {t('dns.delegation.close')}
        </Button>,
      ]}
    >
      {isError && !data ? (
        <LoadFailed
          title={t('dns.delegation.loadFailed')}
          retryLabel={t('dns.retry')}
          onRetry={() => void refetch()}
        />
      ) : !data ? (
        <Flex justify="center" style={{ padding: 32 }}>
          <Spin />
        </Flex>
      ) : (
        <Flex vertical gap={16}>
          {data.delegated ? (
            <Alert type="success" showIcon title={t('dns.delegation.ok')} />
          ) : (
            <Alert
              type="warning"
              showIcon
              title={t('dns.delegation.notYet')}
              description={
                data.error
                  ? t('dns.delegation.lookupFailed', { error: data.error })
                  : t('dns.delegation.howTo')
              }
            />
          )}
          <Row gutter={16}>
            <Col xs={24} md={12}>
              {servers(t('dns.delegation.expected'), data.expected, false)}
            </Col>
            <Col xs={24} md={12}>
              {servers(t('dns.delegation.actual'), data.actual, true)}
            </Col>
          </Row>
          <Typography.Text type="secondary">{t('dns.delegation.propagation')}</Typography.Text>
        </Flex>
      )}
    </Modal>
  );
}
