import { CloudDownloadOutlined } from '@ant-design/icons';
import type { DnsUpdateStatus } from '@nimbus/contract';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Panel } from '@/shared/ui/Panel';
import { MutedText } from '@/shared/ui/PlainText';

/**
 * The installed PowerDNS versions and the command that upgrades them (sys/dns/GetUpdateStatus).
 * Upgrades come from Debian's packages, run by the operator on the server: there is deliberately
 * no button here that would pretend to upgrade from the browser.
 */
export function DnsUpdatePanel({ status }: { status: DnsUpdateStatus }) {
  const { t } = useTranslation();
  return (
    <Panel
      title={
        <span>
          <CloudDownloadOutlined /> {t('dashboard.dns.update.title')}
        </span>
      }
    >
      <Flex vertical gap={8}>
        <span>
          <MutedText>{t('dashboard.dns.update.installed')}</MutedText>{' '}
          {status.list
            .map(
              ({ kind, version }) =>
                `${t(`dashboard.dns.server.${kind}`)} ${version ?? t('dashboard.dns.update.notInstalled')}`,
            )
            .join(' · ')}
        </span>
        <MutedText>{t('dashboard.dns.update.how')}</MutedText>
        <Typography.Paragraph
          code
          copyable={{ text: status.command }}
          style={{ margin: 0, wordBreak: 'break-all' }}
        >
          {status.command}
        </Typography.Paragraph>
        <MutedText>{t('dashboard.dns.update.after')}</MutedText>
      </Flex>
    </Panel>
  );
}
