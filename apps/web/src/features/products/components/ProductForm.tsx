import {
  BILLING_MODES,
  cyclesFor,
  PRODUCT_ATTR_MAX,
  attrNamesFor,
  PRODUCT_ATTRS,
  PRODUCT_ATTRS_NOT_YET,
  PRODUCT_KINDS,
  PRODUCT_PRICE_MAX_CENTS,
  parseMoneyToCents,
  productSaveRequestSchema,
  type BillingCycleUnit,
  type BillingMode,
  type Product,
  type ProductAttrName,
  type ProductKind,
} from '@nimbus/contract';
import { Checkbox, Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  initialSslValues,
  SslProductFields,
  type SslValues,
} from '@/features/products/components/SslProductFields';
import { UsagePriceField } from '@/features/products/components/UsagePriceField';
import { useWebConfig } from '@/shared/config/useWebConfig';
import { zodRule } from '@/shared/forms/zod-rules';

export interface ProductFormValues {
  kind: ProductKind;
  name?: string;
  description?: string;
  billingMode: BillingMode;
  sort?: number;
  onSale?: boolean;
  attrs: Partial<Record<ProductAttrName, number | boolean | null>>;
  /** Yuan as typed, per cycle (string mode: exact cents). */
  prices: Partial<Record<BillingCycleUnit, string | null>>;
  /** CDN plans: yuan per Mbps (billing modes 2, 3) or per GB of overage (mode 1). */
  usagePrice?: string | null;
  /** Kind `ssl` only. */
  ssl: SslValues;
}

const shape = productSaveRequestSchema.shape;

function initialValues(product: Product | null): ProductFormValues {
  if (!product)
    return {
      kind: 'cdn_plan',
      billingMode: 1,
      sort: 0,
      onSale: false,
      attrs: {},
      prices: {},
      ssl: initialSslValues(null),
    };
  return {
    kind: product.kind,
    name: product.name,
    description: product.description,
    billingMode: product.billingMode as BillingMode,
    sort: product.sort,
    attrs: product.attrs as ProductFormValues['attrs'],
    prices: Object.fromEntries(product.prices.map((price) => [price.unit, (price.cents / 100).toFixed(2)])),
    usagePrice: product.usagePriceCents > 0 ? (product.usagePriceCents / 100).toFixed(2) : null,
    ssl: initialSslValues(product),
  };
}

/** The form's id: the modal's OK button submits it from the footer. */
export const PRODUCT_FORM_ID = 'product-form';

/**
 * The product's fields: kind, name, attributes, one price per billing cycle sold. Its form store
 * lives and dies with it, so each opening starts from that product's values.
 */
export function ProductForm({
  product,
  onFinish,
}: {
  product: Product | null;
  onFinish: (values: ProductFormValues) => void;
}) {
  const { t } = useTranslation();
  const { config } = useWebConfig();
  const [form] = Form.useForm<ProductFormValues>();
  // DNS plans carry DNS quotas, CDN plans and services CDN ones: the form shows the kind's own.
  const kind = Form.useWatch('kind', form) ?? product?.kind ?? 'cdn_plan';
  // Said beside each attribute with nothing behind it yet, so no one sells it unknowingly.
  const notYet = (name: ProductAttrName) =>
    PRODUCT_ATTRS_NOT_YET.includes(name) ? t('products.form.notYet') : undefined;
  // A traffic package is a size and a validity: no billing mode, no "per use" price.
  const isPackage = kind === 'traffic_package';
  const cycles = cyclesFor(kind);
  const billingMode = Form.useWatch('billingMode', form) ?? product?.billingMode ?? 1;

  return (
    <Form<ProductFormValues>
      id={PRODUCT_FORM_ID}
      form={form}
      layout="vertical"
      preserve={false}
      initialValues={initialValues(product)}
      onFinish={onFinish}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="kind"
            label={t('products.form.kind')}
            required
            extra={isPackage ? t('products.form.packageHelp') : undefined}
          >
            <Select
              options={PRODUCT_KINDS.map((kind) => ({ value: kind, label: t(`products.kind.${kind}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="name"
            label={t('products.form.name')}
            rules={[zodRule(shape.name, t, t('products.form.name'), true)]}
          >
            <Input maxLength={64} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="description"
        label={t('products.form.description')}
        extra={t('products.form.descriptionHelp')}
      >
        <Input.TextArea rows={2} maxLength={500} showCount />
      </Form.Item>
      <Row gutter={16}>
        {/* Kept mounted (a change back to a plan still has one); antd's column style overrides `hidden`. */}
        <Col xs={24} sm={12} style={isPackage || kind === 'ssl' ? { display: 'none' } : undefined}>
          <Form.Item name="billingMode" label={t('products.form.billingMode')} required>
            <Select
              options={BILLING_MODES.map((mode) => ({
                value: mode,
                label: t(`products.billingMode.${mode}`),
              }))}
            />
          </Form.Item>
        </Col>
        {kind === 'cdn_plan' && <UsagePriceField billingMode={billingMode as BillingMode} />}
        <Col xs={24} sm={12}>
          <Form.Item name="sort" label={t('products.form.sort')} extra={t('products.form.sortHelp')}>
            <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        label={t('products.form.prices')}
        extra={t(
          isPackage
            ? 'products.form.packagePricesHelp'
            : kind === 'ssl'
              ? 'products.ssl.pricesHelp'
              : 'products.form.pricesHelp',
        )}
        required
      >
        <Row gutter={[12, 0]}>
          {cycles.map((unit, index) => (
            <Col key={unit} xs={12} sm={8}>
              <Form.Item
                name={['prices', unit]}
                label={t(`products.cyclePrice.${unit}`)}
                dependencies={cycles.filter((other) => other !== unit).map((other) => ['prices', other])}
                rules={[
                  ({ getFieldValue }) => ({
                    validator: async (_, value?: string | null) => {
                      if (value) {
                        const cents = parseMoneyToCents(value);
                        if (cents === null || cents > PRODUCT_PRICE_MAX_CENTS)
                          throw new Error(t('product.priceInvalid'));
                      }
                      // The first cycle carries "at least one price".
                      if (index === 0 && cycles.every((u) => !getFieldValue(['prices', u])))
                        throw new Error(t('product.pricesRequired'));
                    },
                  }),
                ]}
              >
                <InputNumber<string>
                  stringMode
                  min="0"
                  precision={2}
                  prefix={config.price.unit}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Form.Item>
      {kind === 'ssl' && <SslProductFields product={product} />}
      <Form.Item
        label={t('products.form.attrs')}
        extra={t('products.form.attrsHelp')}
        hidden={kind === 'ssl'}
      >
        <Row gutter={[12, 0]}>
          {attrNamesFor(kind).map((name) => (
            <Col key={name} xs={12} sm={8}>
              {PRODUCT_ATTRS[name].type === 'switch' ? (
                <Form.Item
                  name={['attrs', name]}
                  label={t(`products.attr.${name}`)}
                  valuePropName="checked"
                  extra={notYet(name)}
                >
                  <Switch />
                </Form.Item>
              ) : (
                <Form.Item
                  name={['attrs', name]}
                  label={t(isPackage ? 'products.form.packageTraffic' : `products.attr.${name}`)}
                  extra={notYet(name)}
                  required={isPackage}
                >
                  <InputNumber
                    min={isPackage ? 1 : 0}
                    max={PRODUCT_ATTR_MAX}
                    precision={0}
                    style={{ width: '100%' }}
                  />
                </Form.Item>
              )}
            </Col>
          ))}
        </Row>
      </Form.Item>
      {!product && (
        <Form.Item name="onSale" valuePropName="checked">
          <Checkbox>{t('products.form.onSale')}</Checkbox>
        </Form.Item>
      )}
    </Form>
  );
}
