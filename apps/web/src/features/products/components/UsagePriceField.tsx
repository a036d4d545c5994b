import { parseMoneyToCents, PRODUCT_PRICE_MAX_CENTS, type BillingMode } from '@nimbus/contract';
import { Col, Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { useWebConfig } from '@/shared/config/useWebConfig';

/**
 * A CDN plan's usage price (ADR 0044): per Mbps of the month's bandwidth figure for billing modes
 * 2 and 3 (required: the plan is settled by it), per GB of traffic overage for mode 1.
 */
export function UsagePriceField({ billingMode }: { billingMode: BillingMode }) {
  const { t } = useTranslation();
  const { config } = useWebConfig();
  const byBandwidth = billingMode !== 1;
  const label = t(byBandwidth ? 'products.form.usagePricePerMbps' : 'products.form.usagePricePerGb');
  return (
    <Col xs={24} sm={12}>
      <Form.Item
        name="usagePrice"
        label={label}
        required={byBandwidth}
        dependencies={['billingMode']}
        extra={
          byBandwidth
            ? t('products.form.usagePriceBandwidthHelp', { figure: t(`products.form.figure${billingMode}`) })
            : t('products.form.usagePriceOverageHelp')
        }
        rules={[
          {
            validator: async (_, value?: string | null) => {
              const cents = value ? parseMoneyToCents(value) : 0;
              if (cents === null || cents > PRODUCT_PRICE_MAX_CENTS)
                throw new Error(t('product.usagePriceInvalid'));
              if (byBandwidth && cents === 0) throw new Error(t('product.bandwidthPriceRequired'));
            },
          },
        ]}
      >
        <InputNumber<string>
          stringMode
          min="0"
          precision={2}
          prefix={config.price.unit}
          suffix={byBandwidth ? '/Mbps' : '/GB'}
          style={{ width: '100%' }}
        />
      </Form.Item>
    </Col>
  );
}
