import { formatMoney, MAX_ORDER_QUANTITY, priceOf, type BillingCycleUnit } from '@nimbus/contract';
import { Descriptions, Form, InputNumber, Radio } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useWebConfig } from '@/shared/config/useWebConfig';

/** A cycle on offer with its price for one cycle; without one, the price is set at checkout. */
export interface CycleOption<U extends BillingCycleUnit = BillingCycleUnit> {
  unit: U;
  cents?: number;
}

interface OrderTermsProps<U extends BillingCycleUnit> {
  cycles: readonly CycleOption<U>[];
  /** Key of the quantity's help text, told the most one order takes (`{{max}}`). */
  quantityHelp: string;
  /** What the chosen cycles buy in time, shown under the price. */
  validity: (cycle: U, quantity: number) => ReactNode;
}

/**
 * The billing cycle and quantity fields of an order form (`cycle`, `quantity`), and what they
 * come to: the price the server will charge (priceOf, the same sum) and how long it lasts.
 */
export function OrderTerms<U extends BillingCycleUnit>({
  cycles,
  quantityHelp,
  validity,
}: OrderTermsProps<U>) {
  const { t } = useTranslation();
  const { config } = useWebConfig();
  const form = Form.useFormInstance();
  const cycle = Form.useWatch<U | undefined>('cycle', form);
  const quantity = Form.useWatch<number | null | undefined>('quantity', form);
  const money = (cents: number) => formatMoney(cents, config.price.unit);
  const prices = cycles.flatMap((option) =>
    option.cents === undefined ? [] : [{ unit: option.unit, cents: option.cents }],
  );
  const chosen = cycles.some((option) => option.unit === cycle) && quantity ? cycle : undefined;
  const cents = chosen && quantity ? priceOf(prices, chosen, quantity) : undefined;
  const priceText = cents !== undefined ? money(cents) : chosen ? t('plans.terms.priceAtCheckout') : '-';

  return (
    <>
      <Form.Item
        name="cycle"
        label={t('plans.terms.cycle')}
        extra={t('plans.terms.cycleHelp')}
        rules={[{ required: true, message: t('plans.terms.cycleRequired') }]}
      >
        <Radio.Group
          aria-label={t('plans.terms.cycle')}
          optionType="button"
          buttonStyle="solid"
          options={cycles.map((option) => ({
            value: option.unit,
            label:
              option.cents === undefined
                ? t(`products.cycle.${option.unit}`)
                : t('plans.perCycle', {
                    price: money(option.cents),
                    cycle: t(`products.cycle.${option.unit}`),
                  }),
          }))}
        />
      </Form.Item>
      <Form.Item
        name="quantity"
        label={t('plans.terms.quantity')}
        extra={t(quantityHelp, { max: MAX_ORDER_QUANTITY })}
        rules={[{ required: true, message: t('plans.terms.quantityRequired', { max: MAX_ORDER_QUANTITY }) }]}
      >
        <InputNumber min={1} max={MAX_ORDER_QUANTITY} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Descriptions
        size="small"
        column={1}
        style={{ marginBottom: 24 }}
        items={[
          {
            key: 'price',
            label: t('plans.terms.price'),
            children: <strong data-testid="order-price">{priceText}</strong>,
          },
          {
            key: 'validity',
            label: t('plans.terms.validity'),
            children: chosen && quantity ? validity(chosen, quantity) : '-',
          },
        ]}
      />
    </>
  );
}
