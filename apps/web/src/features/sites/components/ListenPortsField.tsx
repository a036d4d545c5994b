import { SITE_LIMITS } from '@nimbus/contract';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { requestRule } from '@/features/sites/components/site-form-rules';
import { toPorts, type SiteFormValues } from '@/features/sites/lib/site-form';

interface ListenPortsFieldProps {
  name: 'httpPorts' | 'httpsPorts';
  /** Fields the contract's port rules read besides this one (re-checked when they change). */
  dependencies: (keyof SiteFormValues)[];
}

/** Common choices offered in the list; any port can be typed. */
const CHOICES = { httpPorts: [80, 8080], httpsPorts: [443, 8443] } as const;

/** Listening ports as tags: type a port and press Enter (or a comma); spec §9 defaults 80 / 443. */
export function ListenPortsField({ name, dependencies }: ListenPortsFieldProps) {
  const { t } = useTranslation();
  const label = name === 'httpPorts' ? t('sites.form.httpPorts') : t('sites.form.httpsPorts');
  return (
    <Form.Item
      name={name}
      label={label}
      tooltip={name === 'httpPorts' ? t('sites.help.httpPorts') : t('sites.help.httpsPorts')}
      extra={t('sites.help.portsExtra', { max: SITE_LIMITS.ports })}
      normalize={toPorts}
      dependencies={dependencies}
      rules={[requestRule(name, t, label)]}
    >
      <Select
        mode="tags"
        aria-label={label}
        tokenSeparators={[',', ' ', '，']}
        options={CHOICES[name].map((port) => ({ value: String(port), label: String(port) }))}
        style={{ maxWidth: 420 }}
      />
    </Form.Item>
  );
}
