import { dsDigestType, offeredDs, type DnsZone } from '@nimbus/contract';
import { Alert, Drawer, Empty, Flex, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useZoneDnssec } from '@/features/dns/hooks/useDns';
import { useFeedback } from '@/shared/feedback/feedback-context';

/** The digest types DS_DIGEST_TYPES offers, by the names registrars' forms use. */
const DIGEST_NAMES: Record<number, string> = { 2: 'SHA-256', 4: 'SHA-384' };

interface DnssecDrawerProps {
  /** The zone shown; undefined keeps the drawer closed. */
  zone: DnsZone | undefined;
  onClose: () => void;
  /** The zone as the server answered after a switch (with its DS records). */
  onChanged: (zone: DnsZone) => void;
  readOnly: boolean;
}

/**
 * DNSSEC for one zone: PowerDNS signs the answers, and the registrar must publish the DS records
 * shown here, or signed answers cannot be checked. Turning it off while the registrar still
 * lists the DS records makes validating resolvers refuse the domain, and turning it on (again)
 * makes a new key whose DS records the registrar must get: both are asked first.
 */
export function DnssecDrawer({ zone, onClose, onChanged, readOnly }: DnssecDrawerProps) {
  const { t } = useTranslation();
  const { modal, message } = useFeedback();
  const dnssec = useZoneDnssec();

  const change = async (enabled: boolean) => {
    if (!zone) return;
    try {
      onChanged(await dnssec.mutateAsync({ id: zone.id, enabled }));
    } catch {
      return; // the global handler has shown why
    }
    void message.success(enabled ? t('dns.dnssec.enabled') : t('dns.dnssec.disabled'));
  };

  // Either way the registrar's DS records must change: off, they must go first; on (again),
  // PowerDNS makes a new key whose DS records replace any the registrar still has.
  const toggle = (enabled: boolean) => {
    void modal.confirm({
      title: t(enabled ? 'dns.dnssec.enableTitle' : 'dns.dnssec.disableTitle', { name: zone?.name ?? '' }),
      content: t(enabled ? 'dns.dnssec.enableContent' : 'dns.dnssec.disableContent'),
      okText: t(enabled ? 'dns.dnssec.enableOk' : 'dns.dnssec.disableOk'),
      cancelText: t('confirm.cancel'),
      okButtonProps: { danger: !enabled },
      onOk: () => change(enabled),
    });
  };
  // The server offers these only; an older server's SHA-1 digest is not shown either.
  const ds = zone ? offeredDs(zone.ds) : [];

  return (
    <Drawer
      open={zone !== undefined}
      title={t('dns.dnssec.title', { name: zone?.name ?? '' })}
      size={560}
      onClose={onClose}
      destroyOnHidden
    >
      {zone && (
        <Flex vertical gap={16}>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {t('dns.dnssec.intro')}
          </Typography.Paragraph>
          <Flex gap={8} align="center">
            <Switch
              checked={zone.dnssec}
              loading={dnssec.isPending}
              disabled={readOnly}
              aria-label={t('dns.dnssec.switch')}
              onChange={toggle}
            />
            <span>{zone.dnssec ? t('dns.dnssec.on') : t('dns.dnssec.off')}</span>
          </Flex>
          {zone.dnssec && (
            <>
              <Alert type="info" showIcon title={t('dns.dnssec.dsHelp')} />
              <Typography.Title level={5} style={{ margin: 0 }}>
                {t('dns.dnssec.dsTitle')}
              </Typography.Title>
              {ds.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dns.dnssec.noDs')} />
              ) : (
                ds.map((record) => (
                  <Flex key={record} vertical gap={4}>
                    <Typography.Text type="secondary">
                      {t('dns.dnssec.digest', { name: DIGEST_NAMES[dsDigestType(record) ?? 0] ?? '' })}
                    </Typography.Text>
                    <Typography.Paragraph code copyable style={{ margin: 0, wordBreak: 'break-all' }}>
                      {record}
                    </Typography.Paragraph>
                  </Flex>
                ))
              )}
            </>
          )}
        </Flex>
      )}
    </Drawer>
  );
}
