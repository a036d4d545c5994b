import { Form, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListenPortsField } from '@/features/sites/components/ListenPortsField';
import { requestRule } from '@/features/sites/components/site-form-rules';

/**
 * HTTPS needs a certificate, and certificates are managed on their own screen, which is not there
 * yet: the switch stays off (a saved site keeps what it has) and says so instead of pretending.
 */
export function HttpsSection({ certificateName }: { certificateName: string | null }) {
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
        extra={
          certificateName
            ? t('sites.form.certificateInUse', { name: certificateName })
            : t('sites.form.httpsUnavailable')
        }
        valuePropName="checked"
      >
        <Switch disabled aria-label={t('sites.form.httpsEnabled')} />
      </Form.Item>
      <ListenPortsField name="httpsPorts" dependencies={['httpPorts', 'httpsEnabled']} />
      <Form.Item
        name="forceHttps"
        label={forceLabel}
        tooltip={t('sites.help.forceHttps')}
        extra={httpsEnabled ? undefined : t('sites.form.forceNeedsHttps')}
        valuePropName="checked"
        dependencies={['httpsEnabled']}
        rules={[requestRule('forceHttps', t, forceLabel)]}
      >
        <Switch disabled={!httpsEnabled} aria-label={forceLabel} />
      </Form.Item>
    </>
  );
}
