import {
  HTTP_METHODS,
  networkSecureSettingsSchema,
  SITE_SECURITY_LIMITS,
  type NetworkSecureSettings,
} from '@nimbus/contract';
import { Alert, Card, Checkbox, Form, InputNumber } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { filledRule, sectionRule } from '@/features/site-admin/components/rules/form-rules';
import { SectionForm } from '@/features/site-admin/components/rules/SectionForm';
import { useSectionLabels, useSectionSave } from '@/features/site-admin/components/rules/useSectionSave';
import type { SectionTabProps } from '@/features/site-admin/hooks/useSiteSettings';
import {
  MaxHeaderSizeField,
  useMaxHeaderSizeLabel,
} from '@/features/site-region/components/MaxHeaderSizeField';

const FIELDS = [
  'connLimitPerIp',
  'bodyTimeout',
  'clientSendTimeout',
  'allowedMethods',
  'maxUrlLength',
] as const;
type NumberField = Exclude<(typeof FIELDS)[number], 'allowedMethods'>;

/** Sentences of the contract that belong to one field of this section without naming it. */
const MESSAGE_FIELDS = { 'siteSecurity.methodsRequired': 'allowedMethods' };

/**
 * Limits on how a visitor may use the connection (spec §2 network-secure): connections per client
 * address, slow-request timeouts, methods and URL length. The request body limit stays on the
 * advanced tab (one directive, one place); the header timeout is not per site in nginx, and the
 * header size is checked by the edge's Lua (the site-region feature's field).
 */
export function NetworkSecureTab({
  siteId,
  value,
  bodyLimitMb,
}: SectionTabProps<'networkSecure'> & { bodyLimitMb: number }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NetworkSecureSettings>();
  const sectionLabels = useSectionLabels('networkSecure', FIELDS);
  const headerLabel = useMaxHeaderSizeLabel();
  const labels: Record<string, string> = useMemo(
    () => ({ ...sectionLabels, maxHeaderSize: headerLabel }),
    [sectionLabels, headerLabel],
  );
  const { formProps } = useSectionSave({
    siteId,
    section: 'networkSecure',
    schema: networkSecureSettingsSchema,
    form,
    value,
    labels,
    messageFields: MESSAGE_FIELDS,
  });
  const help = (name: string) => t(`siteAdmin.networkSecure.help.${name}`);
  const number = (name: NumberField, unit: string, max: number, extra?: string) => (
    <Form.Item
      name={name}
      label={labels[name]}
      tooltip={help(name)}
      extra={extra}
      rules={[
        filledRule(t, labels[name]!),
        sectionRule(networkSecureSettingsSchema, [name], t, labels[name]!),
      ]}
    >
      <InputNumber<number>
        min={0}
        max={max}
        precision={0}
        suffix={unit}
        aria-label={labels[name]}
        style={{ width: 220 }}
      />
    </Form.Item>
  );
  const seconds = t('siteAdmin.unit.seconds');
  const offHint = t('siteAdmin.networkSecure.zeroOff');

  return (
    <SectionForm {...formProps} title={t('siteAdmin.networkSecure.title')}>
      <Card size="small" title={t('siteAdmin.networkSecure.connectionTitle')} style={{ marginBottom: 16 }}>
        {number(
          'connLimitPerIp',
          t('siteAdmin.unit.connections'),
          SITE_SECURITY_LIMITS.connLimitMax,
          offHint,
        )}
        {number(
          'bodyTimeout',
          seconds,
          SITE_SECURITY_LIMITS.timeoutMax,
          t('siteAdmin.networkSecure.zeroDefault'),
        )}
        {number(
          'clientSendTimeout',
          seconds,
          SITE_SECURITY_LIMITS.timeoutMax,
          t('siteAdmin.networkSecure.zeroDefault'),
        )}
        <Alert type="info" showIcon title={t('siteAdmin.networkSecure.headerTimeoutNote')} />
      </Card>
      <Card size="small" title={t('siteAdmin.networkSecure.requestTitle')} style={{ marginBottom: 16 }}>
        <Form.Item
          name="allowedMethods"
          label={labels.allowedMethods}
          tooltip={help('allowedMethods')}
          extra={t('siteAdmin.networkSecure.headWithGet')}
          rules={[sectionRule(networkSecureSettingsSchema, ['allowedMethods'], t, labels.allowedMethods!)]}
        >
          <Checkbox.Group
            aria-label={labels.allowedMethods}
            options={HTTP_METHODS.map((m) => ({ value: m, label: m }))}
          />
        </Form.Item>
        {number(
          'maxUrlLength',
          t('siteAdmin.networkSecure.bytes'),
          SITE_SECURITY_LIMITS.urlLengthMax,
          offHint,
        )}
        <MaxHeaderSizeField
          rules={[
            filledRule(t, headerLabel),
            sectionRule(networkSecureSettingsSchema, ['maxHeaderSize'], t, headerLabel),
          ]}
        />
        <Alert
          type="info"
          showIcon
          title={
            bodyLimitMb === 0
              ? t('siteAdmin.networkSecure.sizesNoteNoLimit')
              : t('siteAdmin.networkSecure.sizesNote', { bodyLimit: bodyLimitMb })
          }
        />
      </Card>
    </SectionForm>
  );
}
