import { Alert, Form, Radio, Skeleton } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useChannels } from '@/features/payment/hooks/usePayment';
import { LoadFailed } from '@/shared/ui/LoadFailed';

/**
 * The `gateway` field of a payment form: one radio card per gateway switched on (arrow keys move
 * between them), the first chosen; with none on, spec §8's "Payment channel not enabled" instead.
 */
export function ChannelField() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const channels = useChannels();
  const first = channels.data?.[0]?.gateway;
  useEffect(() => {
    if (first && !form.getFieldValue('gateway')) form.setFieldValue('gateway', first);
  }, [form, first]);

  if (channels.isPending) return <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  if (channels.isError)
    return (
      <LoadFailed
        title={t('payment.channels.loadFailed')}
        retryLabel={t('payment.retry')}
        onRetry={() => void channels.refetch()}
      />
    );
  if (channels.data.length === 0)
    return <Alert type="warning" showIcon role="alert" title={t('order.channelDisabled')} />;
  return (
    <Form.Item
      name="gateway"
      label={t('field.gateway')}
      extra={t('payment.channels.help')}
      rules={[{ required: true, message: t('validation.required', { field: t('field.gateway') }) }]}
    >
      <Radio.Group
        aria-label={t('field.gateway')}
        optionType="button"
        buttonStyle="solid"
        size="large"
        options={channels.data.map((channel) => ({
          value: channel.gateway,
          label: t(`order.method.${channel.method}`),
        }))}
      />
    </Form.Item>
  );
}

/** Whether a payment can be started: a gateway is on (the submit button is disabled otherwise). */
export function useHasChannel(): boolean {
  return (useChannels().data?.length ?? 0) > 0;
}
