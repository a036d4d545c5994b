import type { DnsServiceStatus } from '@nimbus/contract';
import { Alert, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * PowerDNS is not there: nothing can be answered, so the screen says why, in PowerDNS's words,
 * and how to install it, instead of pretending to save.
 */
export function DnsServiceAlert({ status }: { status: DnsServiceStatus | undefined }) {
  const { t } = useTranslation();
  if (!status || status.ready) return null;
  return (
    <Alert
      type="error"
      showIcon
      title={t('dns.service.notRunning')}
      description={
        <Flex vertical gap={4}>
          <span>{t('dns.service.reason', { reason: status.reason ?? t('dns.service.noReason') })}</span>
          {status.install && (
            <span>
              {t('dns.service.install')}{' '}
              <Typography.Text code copyable={{ text: status.install }}>
                {status.install}
              </Typography.Text>
            </span>
          )}
          <span>{t('dns.service.after')}</span>
        </Flex>
      }
    />
  );
}
