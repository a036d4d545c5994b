import {
  backsourceSettingsSchema,
  ORIGIN_HOST_MODES,
  RETRY_CONDITIONS,
  type BacksourceSettings,
} from '@nimbus/contract';
import { Checkbox, Form, Input, InputNumber, Radio, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { filledRule, sectionRule } from '@/features/site-admin/components/rules/form-rules';
import { HeaderRulesEditor } from '@/features/site-admin/components/rules/HeaderRulesEditor';
import { SectionForm } from '@/features/site-admin/components/rules/SectionForm';
import { useSectionLabels, useSectionSave } from '@/features/site-admin/components/rules/useSectionSave';
import type { SectionTabProps } from '@/features/site-admin/hooks/useSiteSettings';

// No min/max on the inputs: they would clamp silently; the contract's range message says why instead.
const TIMEOUTS = ['connectTimeout', 'readTimeout', 'sendTimeout'] as const;

const FIELDS = [
  'hostMode',
  'originHost',
  'sni',
  'sniName',
  ...TIMEOUTS,
  'retries',
  'retryOn',
  'rangeToOrigin',
  'requestHeaders',
] as const;

/** Sentences of the contract that belong to one field of this section without naming it. */
const MESSAGE_FIELDS = {
  'siteSettings.originHost': 'originHost',
  'siteSettings.sniName': 'sniName',
  'siteSettings.retriesRange': 'retries',
  'siteSettings.headerName': 'requestHeaders',
  'siteSettings.headerReserved': 'requestHeaders',
  'siteSettings.headerValue': 'requestHeaders',
};

/**
 * How the edge fetches from the origin (spec §5, §9): the Host and SNI it sends, how long it waits,
 * when it tries the next origin, Range requests, and headers added to every origin request.
 */
export function BacksourceTab({ siteId, value }: SectionTabProps<'backsource'>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BacksourceSettings>();
  const hostMode = Form.useWatch('hostMode', form) ?? value.hostMode;
  const sni = Form.useWatch('sni', form) ?? value.sni;
  const labels = useSectionLabels('backsource', FIELDS);
  const { formProps } = useSectionSave({
    siteId,
    section: 'backsource',
    schema: backsourceSettingsSchema,
    form,
    value,
    labels,
    messageFields: MESSAGE_FIELDS,
  });
  const rule = (name: string) => sectionRule(backsourceSettingsSchema, [name], t, labels[name]!);
  const help = (name: string) => t(`siteAdmin.backsource.help.${name}`);

  return (
    <SectionForm {...formProps} title={t('siteAdmin.backsource.title')}>
      <Form.Item
        name="hostMode"
        label={labels.hostMode}
        tooltip={help('hostMode')}
        extra={help('hostModeExtra')}
      >
        <Radio.Group
          options={ORIGIN_HOST_MODES.map((mode) => ({
            value: mode,
            label: t(`siteAdmin.backsource.hostModes.${mode}`),
          }))}
        />
      </Form.Item>
      {hostMode === 'custom' && (
        <Form.Item
          name="originHost"
          label={labels.originHost}
          tooltip={help('originHost')}
          dependencies={['hostMode']}
          rules={[rule('originHost')]}
          required
        >
          <Input placeholder="origin.example.com" maxLength={253} />
        </Form.Item>
      )}
      <Form.Item name="sni" label={labels.sni} tooltip={help('sni')} valuePropName="checked">
        <Switch />
      </Form.Item>
      {sni && (
        <Form.Item name="sniName" label={labels.sniName} tooltip={help('sniName')} rules={[rule('sniName')]}>
          <Input placeholder={t('siteAdmin.backsource.sniNamePlaceholder')} maxLength={253} />
        </Form.Item>
      )}
      {TIMEOUTS.map((name) => (
        <Form.Item
          key={name}
          name={name}
          label={labels[name]}
          tooltip={help(name)}
          rules={[filledRule(t, labels[name]!), rule(name)]}
        >
          <InputNumber<number> precision={0} suffix={t('siteAdmin.rules.unit.seconds')} />
        </Form.Item>
      ))}
      <Form.Item
        name="retries"
        label={labels.retries}
        tooltip={help('retries')}
        extra={help('retriesExtra')}
        rules={[filledRule(t, labels.retries!), rule('retries')]}
      >
        <InputNumber<number> precision={0} />
      </Form.Item>
      <Form.Item name="retryOn" label={labels.retryOn} tooltip={help('retryOn')} rules={[rule('retryOn')]}>
        <Checkbox.Group
          options={RETRY_CONDITIONS.map((c) => ({
            value: c,
            label: t(`siteAdmin.backsource.retryConditions.${c}`),
          }))}
        />
      </Form.Item>
      <Form.Item
        name="rangeToOrigin"
        label={labels.rangeToOrigin}
        tooltip={help('rangeToOrigin')}
        extra={help('rangeToOriginExtra')}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
      <HeaderRulesEditor name="requestHeaders" label={labels.requestHeaders!} help={help('requestHeaders')} />
    </SectionForm>
  );
}
