import {
  ACCESS_LIST_MODES,
  applicationSecureSettingsSchema,
  SITE_SECURITY_LIMITS,
  type ApplicationSecureSettings,
} from '@nimbus/contract';
import { Card, Form, Input, Radio, Switch } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { sectionRule } from '@/features/site-admin/components/rules/form-rules';
import { SectionForm } from '@/features/site-admin/components/rules/SectionForm';
import { useSectionLabels, useSectionSave } from '@/features/site-admin/components/rules/useSectionSave';
import type { SectionTabProps } from '@/features/site-admin/hooks/useSiteSettings';
import { RegionCard, useRegionLabels } from '@/features/site-region/components/RegionCard';

const FIELDS = [
  'ipAllow',
  'ipDeny',
  'refererMode',
  'referers',
  'refererAllowEmpty',
  'uaMode',
  'userAgents',
] as const;
type ListField = 'ipAllow' | 'ipDeny' | 'referers' | 'userAgents';

/** A list is stored as an array and edited as lines; what the form holds after typing is the text. */
const asLines = (value: unknown) => ({ value: Array.isArray(value) ? value.join('\n') : (value ?? '') });

/**
 * Who may reach the site (spec §2 application-secure): IP deny and allow lists, Referer
 * (hotlink protection) and User-Agent lists, and countries (the site-region feature's card).
 */
export function ApplicationSecureTab({ siteId, value }: SectionTabProps<'applicationSecure'>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ApplicationSecureSettings>();
  const refererMode = Form.useWatch('refererMode', form) ?? value.refererMode;
  const uaMode = Form.useWatch('uaMode', form) ?? value.uaMode;
  const sectionLabels = useSectionLabels('applicationSecure', FIELDS);
  const regionLabels = useRegionLabels();
  const labels: Record<string, string> = useMemo(
    () => ({ ...sectionLabels, ...regionLabels }),
    [sectionLabels, regionLabels],
  );
  const { formProps } = useSectionSave({
    siteId,
    section: 'applicationSecure',
    schema: applicationSecureSettingsSchema,
    form,
    value,
    labels,
  });
  const help = (name: string, params?: Record<string, unknown>) =>
    t(`siteAdmin.applicationSecure.help.${name}`, params);
  const modes = ACCESS_LIST_MODES.map((mode) => ({
    value: mode,
    label: t(`siteAdmin.applicationSecure.modes.${mode}`),
  }));
  const list = (name: ListField, max: number, placeholder: string, dependsOn?: string) => (
    <Form.Item
      name={name}
      label={labels[name]}
      tooltip={help(name, { max })}
      extra={t('siteAdmin.applicationSecure.onePerLine', { max })}
      getValueProps={asLines}
      dependencies={dependsOn ? [dependsOn] : undefined}
      rules={[sectionRule(applicationSecureSettingsSchema, [name], t, labels[name]!)]}
    >
      <Input.TextArea
        aria-label={labels[name]}
        autoSize={{ minRows: 3, maxRows: 10 }}
        placeholder={placeholder}
        spellCheck={false}
        style={{ maxWidth: 520, fontFamily: 'monospace' }}
      />
    </Form.Item>
  );

  return (
    <SectionForm {...formProps} title={t('siteAdmin.applicationSecure.title')}>
      <Card size="small" title={t('siteAdmin.applicationSecure.ipTitle')} style={{ marginBottom: 16 }}>
        {list('ipDeny', SITE_SECURITY_LIMITS.ipList, '192.0.2.1\n198.51.100.0/24\n2001:db8::/32')}
        {list('ipAllow', SITE_SECURITY_LIMITS.ipList, '203.0.113.0/24')}
      </Card>
      <Card size="small" title={t('siteAdmin.applicationSecure.refererTitle')} style={{ marginBottom: 16 }}>
        <Form.Item name="refererMode" label={labels.refererMode} tooltip={help('refererMode')}>
          <Radio.Group optionType="button" options={modes} />
        </Form.Item>
        {refererMode !== 'off' && (
          <>
            {list('referers', SITE_SECURITY_LIMITS.referers, 'www.example.com\n*.example.com', 'refererMode')}
            <Form.Item
              name="refererAllowEmpty"
              label={labels.refererAllowEmpty}
              tooltip={help('refererAllowEmpty')}
              valuePropName="checked"
            >
              <Switch aria-label={labels.refererAllowEmpty} />
            </Form.Item>
          </>
        )}
      </Card>
      <Card size="small" title={t('siteAdmin.applicationSecure.uaTitle')} style={{ marginBottom: 16 }}>
        <Form.Item name="uaMode" label={labels.uaMode} tooltip={help('uaMode')}>
          <Radio.Group optionType="button" options={modes} />
        </Form.Item>
        {uaMode !== 'off' && list('userAgents', SITE_SECURITY_LIMITS.userAgents, 'sqlmap\ncurl/', 'uaMode')}
      </Card>
      <RegionCard
        countriesRule={sectionRule(applicationSecureSettingsSchema, ['countries'], t, labels.countries!)}
      />
    </SectionForm>
  );
}
