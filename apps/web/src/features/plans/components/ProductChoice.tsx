import { formatMoney, type BillingCycleUnit, type Product } from '@nimbus/contract';
import { Col, Radio, Row, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { AttrList } from '@/features/plans/components/AttrList';
import { pricesIn } from '@/features/plans/lib/order-terms';
import { usagePriceText } from '@/features/products/lib/usage-price';
import { useWebConfig } from '@/shared/config/useWebConfig';
import { MutedText } from '@/shared/ui/PlainText';

interface ProductChoiceProps {
  products: readonly Product[];
  /** The cycles whose prices each card shows. */
  units: readonly BillingCycleUnit[];
  /** The group's accessible name. */
  label: string;
  /** What each card says the product offers; its attribute list without it. */
  offers?: (product: Product) => string;
  /** Form.Item hands these over. */
  value?: number;
  onChange?: (id: number) => void;
}

/**
 * Products as cards to pick one from: real radio buttons under the cards, so the choice is
 * reached with Tab and moved with the arrow keys, and each card is the radio's label.
 */
export function ProductChoice({ products, units, label, offers, value, onChange }: ProductChoiceProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { config } = useWebConfig();
  return (
    <Radio.Group
      aria-label={label}
      value={value}
      onChange={(event) => onChange?.(event.target.value as number)}
      style={{ width: '100%' }}
    >
      <Row gutter={[16, 16]}>
        {products.map((product) => (
          <Col key={product.id} xs={24} md={12} xl={8}>
            <Radio
              value={product.id}
              style={{
                display: 'flex',
                alignItems: 'flex-start',
                height: '100%',
                margin: 0,
                padding: token.padding,
                borderRadius: token.borderRadiusLG,
                border: `${token.lineWidth * 2}px solid ${
                  value === product.id ? token.colorPrimary : token.colorBorderSecondary
                }`,
              }}
            >
              {/* Spans only: a label holds phrasing content. */}
              <strong style={{ display: 'block', fontSize: token.fontSizeLG }}>{product.name}</strong>
              {product.description && (
                <MutedText style={{ display: 'block', margin: '4px 0' }}>{product.description}</MutedText>
              )}
              {offers ? (
                <span style={{ display: 'block' }}>{offers(product)}</span>
              ) : (
                <AttrList attrs={product.attrs} />
              )}
              <span style={{ display: 'block', marginTop: token.marginXS, color: token.colorPrimaryText }}>
                {pricesIn(product.prices, units).map((price) => (
                  <span key={price.unit} style={{ display: 'block' }}>
                    {t('plans.perCycle', {
                      price: formatMoney(price.cents, config.price.unit),
                      cycle: t(`products.cycle.${price.unit}`),
                    })}
                  </span>
                ))}
                {usagePriceText(product, config.price, t) && (
                  <span style={{ display: 'block' }}>{usagePriceText(product, config.price, t)}</span>
                )}
              </span>
            </Radio>
          </Col>
        ))}
      </Row>
    </Radio.Group>
  );
}
