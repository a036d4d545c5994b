import { SSL_CAS, SSL_MAX_DOMAINS, type Product, type SslProductSave } from '@nimbus/contract';
import { Alert, Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';

/** The form's certificate terms; the HMAC key is typed only to set or replace it. */
export type SslValues = Required<Omit<SslProductSave, 'eabHmacKey'>> & { eabHmacKey?: string };

export const initialSslValues = (product: Product | null): SslValues => ({
  ca: product?.ssl?.ca ?? 'free',
  directoryUrl: product?.ssl?.directoryUrl ?? '',
  eabKid: product?.ssl?.eabKid ?? '',
  eabHmacKey: '',
  maxDomains: product?.ssl?.maxDomains ?? 1,
});

/**
 * A certificate product's CA and terms (kind `ssl`): a paid CA's ACME directory and External
 * Account Binding, or the platform's configured CA; the names one certificate may carry.
 */
export function SslProductFields({ product }: { product: Product | null }) {
  const { t } = useTranslation();
  const ca = Form.useWatch(['ssl', 'ca']) as SslValues['ca'] | undefined;
  const required = (label: string) => ({
    required: true,
    message: t('validation.required', { field: label }),
  });
  const hmacStored = product?.ssl?.eabHmacKeySet === true;

  return (
    <>
      <Alert type="info" showIcon title={t('products.ssl.help')} style={{ marginBottom: 16 }} />
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name={['ssl', 'ca']}
            label={t('field.ca')}
            extra={t(`products.ssl.caHelp.${ca ?? 'free'}`)}
          >
            <Select options={SSL_CAS.map((value) => ({ value, label: t(`products.ssl.ca.${value}`) }))} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item
            name={['ssl', 'maxDomains']}
            label={t('field.maxDomains')}
            extra={t('products.ssl.maxDomainsHelp')}
            rules={[required(t('field.maxDomains'))]}
          >
            <InputNumber min={1} max={SSL_MAX_DOMAINS} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      {ca === 'paid' && (
        <>
          <Form.Item
            name={['ssl', 'directoryUrl']}
            label={t('field.directoryUrl')}
            extra={t('products.ssl.directoryHelp')}
            rules={[required(t('field.directoryUrl')), { type: 'url', message: t('validation.url') }]}
          >
            <Input maxLength={500} placeholder="https://acme.example.com/directory" />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item
                name={['ssl', 'eabKid']}
                label={t('field.eabKid')}
                extra={t('products.ssl.eabHelp')}
                rules={[required(t('field.eabKid'))]}
              >
                <Input maxLength={256} autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item
                name={['ssl', 'eabHmacKey']}
                label={t('field.eabHmacKey')}
                extra={t(hmacStored ? 'products.ssl.hmacKept' : 'products.ssl.hmacHelp')}
                rules={hmacStored ? [] : [required(t('field.eabHmacKey'))]}
              >
                <Input.Password maxLength={512} autoComplete="new-password" />
              </Form.Item>
            </Col>
          </Row>
        </>
      )}
    </>
  );
}
