import { Form, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { CertificateField, type CurrentCertificate } from '@/features/sites/components/CertificateField';
import { ListenPortsField } from '@/features/sites/components/ListenPortsField';
import { requestRule } from '@/features/sites/components/site-form-rules';

/**
 * HTTPS on or off; when on, the certificate (one covering the domain) and the HTTPS ports. Force
 * HTTPS only makes sense with HTTPS on: turning HTTPS off turns it off too.
 */
export function HttpsSection({ current }: { current: CurrentCertificate | null }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const httpsEnabled = Form.useWatch('httpsEnabled', form) === true;
  const forceLabel = t('sites.form.forceHttps');
  return (
    <>
      <Form.Item
        name="httpsEnabled"
        label={t('sites.form.httpsEnabled')}
        tooltip={t('sites.help.httpsEnabled')}
        valuePropName="checked"
      >
        <Switch
          aria-label={t('sites.form.httpsEnabled')}
          onChange={(on) => {
            if (!on) form.setFieldValue('forceHttps', false);
          }}
        />
      </Form.Item>
      {httpsEnabled && (
        <>
          <CertificateField current={current} />
          <ListenPortsField name="httpsPorts" dependencies={['httpPorts', 'httpsEnabled']} />
        </>
      )}
      <Form.Item
        name="forceHttps"
        label={forceLabel}
        tooltip={t('sites.help.forceHttps')}
        extra={httpsEnabled ? t('sites.help.forceHttpsExtra') : t('sites.form.forceNeedsHttps')}
        valuePropName="checked"
        dependencies={['httpsEnabled']}
        rules={[requestRule('forceHttps', t, forceLabel)]}
      >
        <Switch disabled={!httpsEnabled} aria-label={forceLabel} />
      </Form.Item>
    </>
  );
}
