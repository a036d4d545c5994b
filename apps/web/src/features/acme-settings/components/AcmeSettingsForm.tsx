import { acmeSettingsSchema, type AcmeSettings } from '@nimbus/contract';
import { Button, Card, Flex, Form, Input, Select } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveAcmeSettings } from '@/features/acme-settings/hooks/useAcmeSettings';
import {
  ACME_DIRECTORY_PRESETS,
  acmeFormOf,
  acmeSaveBody,
  presetForUrl,
  type AcmeFormValues,
} from '@/features/acme-settings/lib/acme-form';
import { settingsFormLayout } from '@/shared/forms/settings-form-layout';
import { zodRule } from '@/shared/forms/zod-rules';
import { useFeedback } from '@/shared/feedback/feedback-context';

const { shape } = acmeSettingsSchema;

/** The CA free certificates are ordered from, and the contact its ACME account gives. */
export function AcmeSettingsForm({ settings }: { settings: AcmeSettings }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<AcmeFormValues>();
  const save = useSaveAcmeSettings();
  const values = useMemo(() => acmeFormOf(settings), [settings]);
  const directoryUrl = Form.useWatch('directoryUrl', form);

  useEffect(() => form.setFieldsValue(values), [form, values]);

  const label = (key: string) => t(`acmeSettings.${key}`);
  const onFinish = (typed: AcmeFormValues) => {
    const body = acmeSaveBody(typed);
    if (body) save.mutate(body, { onSuccess: ({ msg }) => void message.success(msg) });
  };

  return (
    <Form<AcmeFormValues> form={form} {...settingsFormLayout} initialValues={values} onFinish={onFinish}>
      <Flex vertical gap={16}>
        <Card size="small" title={label('sectionCa')}>
          <Form.Item label={label('preset')}>
            <Select
              aria-label={label('preset')}
              value={presetForUrl(directoryUrl)?.key ?? null}
              placeholder={label('presetCustom')}
              style={{ maxWidth: 420 }}
              options={ACME_DIRECTORY_PRESETS.map((preset) => ({
                value: preset.key,
                label: label(`presets.${preset.key}`),
              }))}
              onChange={(key: string) => {
                const preset = ACME_DIRECTORY_PRESETS.find((p) => p.key === key);
                if (!preset) return;
                form.setFieldValue('directoryUrl', preset.url);
                void form.validateFields(['directoryUrl']).catch(() => undefined);
              }}
            />
          </Form.Item>
          <Form.Item
            name="directoryUrl"
            label={label('directoryUrl')}
            extra={label('directoryUrlHelp')}
            validateFirst
            rules={[
              // The contract calls a blank URL malformed; the form first says it is missing.
              {
                required: true,
                whitespace: true,
                message: t('validation.required', { field: label('directoryUrl') }),
              },
              zodRule(shape.directoryUrl, t, label('directoryUrl'), true),
            ]}
          >
            <Input placeholder={ACME_DIRECTORY_PRESETS[0].url} style={{ maxWidth: 560 }} />
          </Form.Item>
          <Form.Item
            name="email"
            label={label('email')}
            extra={label('emailHelp')}
            rules={[zodRule(shape.email, t, label('email'))]}
          >
            <Input
              type="email"
              placeholder={label('emailPlaceholder')}
              maxLength={254}
              style={{ maxWidth: 420 }}
            />
          </Form.Item>
        </Card>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {label('save')}
          </Button>
          <Button onClick={() => form.setFieldsValue(values)}>{label('reset')}</Button>
        </Flex>
      </Flex>
    </Form>
  );
}
