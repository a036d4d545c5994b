import { PAYMENT_GATEWAYS, PAYMENT_PATHS, type PaymentGatewayName } from '@nimbus/contract';
import { Alert, Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { GatewayConfigForm } from '@/features/payment/components/GatewayConfigForm';
import { useConfigRecord } from '@/features/system-config/hooks/useConfigRecord';
import { ApiError } from '@/shared/api/client';
import { useWebConfig } from '@/shared/config/useWebConfig';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import { StatusPanel } from '@/shared/ui/StatusPanel';

/**
 * Where the gateway's signed notifications pay orders (the provider must be able to reach it):
 * the public console URL the server hands the gateway, not the address this browser used.
 */
const notifyUrlOf = (consoleUrl: string, gateway: PaymentGatewayName) =>
  `${consoleUrl.replace(/\/$/, '')}/api/${PAYMENT_PATHS.notify}/${gateway}`;

/** One gateway's tab: what its orders are recorded as, its notify URL, and its configuration form. */
export function GatewayConfigPanel({ gateway }: { gateway: PaymentGatewayName }) {
  const { t } = useTranslation();
  const { method, configKey } = PAYMENT_GATEWAYS[gateway];
  const record = useConfigRecord(configKey);
  const { consoleUrl } = useWebConfig().config.basic;
  const name = t(`order.method.${method}`);

  if (record.error instanceof ApiError && record.error.code === 404 && !record.data)
    return (
      <StatusPanel
        status="error"
        role="alert"
        title={t('payment.admin.missingRow', { key: configKey })}
        subTitle={t('payment.admin.missingRowHelp')}
      />
    );
  if (record.isError && !record.data)
    return (
      <LoadFailed
        title={t('payment.admin.loadFailed', { gateway: name })}
        retryLabel={t('payment.retry')}
        onRetry={() => void record.refetch()}
      />
    );
  if (!record.data) return <Card loading variant="borderless" />;

  const notifyUrl = consoleUrl ? notifyUrlOf(consoleUrl, gateway) : '';
  return (
    <>
      <Descriptions
        column={1}
        size="small"
        style={{ marginBottom: 24, maxWidth: 860 }}
        items={[
          {
            key: 'method',
            label: t('payment.admin.method'),
            children: t('payment.admin.methodText', { code: method, name }),
          },
          {
            key: 'notify',
            label: t('payment.admin.notifyUrl'),
            children: (
              <div>
                {/* An alert, not amber text: amber on white is too faint to read (contrast). */}
                {!notifyUrl && <Alert type="warning" showIcon title={t('payment.admin.notifyUrlMissing')} />}
                <Typography.Text
                  hidden={!notifyUrl}
                  code
                  copyable={{
                    text: notifyUrl,
                    tooltips: [t('payment.admin.copy'), t('payment.admin.copied')],
                  }}
                >
                  {notifyUrl}
                </Typography.Text>
                <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
                  {t('payment.admin.notifyHelp')}
                </Typography.Paragraph>
              </div>
            ),
          },
        ]}
      />
      <GatewayConfigForm gateway={gateway} record={record.data} />
    </>
  );
}
