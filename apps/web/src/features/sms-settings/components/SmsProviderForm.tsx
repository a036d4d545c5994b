import {
  NOTIFY_SECRET_DESTINATION_FIELDS,
  type ConfigRecord,
  type SmsProviderKey,
  type SmsTemplateKind,
} from '@nimbus/contract';
import { Button, Card, Flex, Form, Input, Switch, Typography, type FormRule } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SmsTemplateDialog } from '@/features/sms-settings/components/SmsTemplateDialog';
import { SmsTemplateTable } from '@/features/sms-settings/components/SmsTemplateTable';
import {
  fieldSchemaOf,
  PROVIDER_FIELDS,
  secretFieldOf,
  secretReentryField,
  smsFormFromRecord,
  smsUpdateRequest,
} from '@/features/sms-settings/lib/sms-form';
import { useUpdateConfig } from '@/features/system-config/hooks/useConfigRecord';
import { schemaError, zodRule } from '@/shared/forms/zod-rules';
import { settingsFormLayout } from '@/shared/forms/settings-form-layout';
import { useFeedback } from '@/shared/feedback/feedback-context';

/**
 * One provider's saved form (spec §4: switching provider loads that provider's form): its own
 * fields with the spec §5 messages, the enabled switch (row status) and its templates.
 */
export function SmsProviderForm({ provider, record }: { provider: SmsProviderKey; record: ConfigRecord }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<Record<string, unknown>>();
  const save = useUpdateConfig();
  const state = useMemo(() => smsFormFromRecord(provider, record), [provider, record]);
  const [templates, setTemplates] = useState(state.templates);
  const [editing, setEditing] = useState<SmsTemplateKind>();

  useEffect(() => {
    form.setFieldsValue(state.values);
    setTemplates(state.templates);
  }, [form, state]);

  const labelOf = (name: string) => {
    const field = PROVIDER_FIELDS[provider].find((f) => f.name === name);
    return t(`smsSettings.field.${field?.labelKey ?? name}`);
  };
  // A stored key may stay blank, unless SMSBao's API ADDR changes: the server would refuse to
  // send the kept key to a new address, so the form says so on the field before saving.
  const secret = secretFieldOf(provider);
  const reentrySelector = useCallback(
    (values: Record<string, unknown>) =>
      !!secretReentryField(provider, state, { ...state.values, ...values, [secret]: '' }),
    [provider, state, secret],
  );
  const reentry = Form.useWatch(reentrySelector, form);
  const reentryRule: FormRule = {
    validator: (_rule, value: unknown) => {
      const changed = secretReentryField(provider, state, { ...form.getFieldsValue(), [secret]: value });
      if (!changed) return Promise.resolve();
      const params = { changed: labelOf(changed), secret: labelOf(secret) };
      return Promise.reject(new Error(t('config.secretReentry', params)));
    },
  };
  // setFieldsValue skips `dependencies`: re-check a key the admin has already touched.
  const recheckSecret = () => void form.validateFields([secret], { dirty: true }).catch(() => undefined);

  const onFinish = (values: Record<string, unknown>) =>
    save.mutate(smsUpdateRequest(provider, record, state.stored, values, templates), {
      // Spec §7: 'saved successfully' on code 1; failures are toasted by the global handler.
      onSuccess: () => void message.success(t('common.saved')),
    });

  return (
    <Form form={form} {...settingsFormLayout} initialValues={state.values} onFinish={onFinish}>
      <Flex vertical gap={16}>
        <Card size="small" title={t('smsSettings.sectionAccount')}>
          <Form.Item
            name="enabled"
            label={t('smsSettings.enabled')}
            extra={t('smsSettings.enabledHelp')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
          {PROVIDER_FIELDS[provider].map((field) => {
            const label = t(`smsSettings.field.${field.labelKey}`);
            const schema = fieldSchemaOf(provider, field.name, state.secretSet);
            const required = schemaError(schema, '', t, label) !== undefined;
            const rules = [zodRule(schema, t, label), ...(field.secret ? [reentryRule] : [])];
            return (
              <Form.Item
                key={field.name}
                name={field.name}
                label={label}
                extra={field.helpKey ? t(`smsSettings.help.${field.helpKey}`) : undefined}
                required={required || (field.secret === true && reentry)}
                dependencies={field.secret ? [...NOTIFY_SECRET_DESTINATION_FIELDS[provider]] : undefined}
                rules={rules}
              >
                {field.secret ? (
                  <Input.Password
                    placeholder={state.secretSet && !reentry ? t('smsSettings.secretKeep') : undefined}
                    autoComplete="new-password"
                    style={{ maxWidth: 420 }}
                  />
                ) : (
                  <Input style={{ maxWidth: 420 }} autoComplete="off" />
                )}
              </Form.Item>
            );
          })}
        </Card>
        <Card size="small" title={t('smsSettings.sectionTemplates')}>
          <Typography.Paragraph type="secondary">{t('smsSettings.templatesHelp')}</Typography.Paragraph>
          <SmsTemplateTable provider={provider} templates={templates} onEdit={setEditing} />
        </Card>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('smsSettings.save')}
          </Button>
          <Button
            onClick={() => {
              form.setFieldsValue(state.values);
              setTemplates(state.templates);
              recheckSecret();
            }}
          >
            {t('smsSettings.reset')}
          </Button>
        </Flex>
      </Flex>
      <SmsTemplateDialog
        provider={provider}
        editing={editing ? { kind: editing, template: templates[editing] } : undefined}
        onCancel={() => setEditing(undefined)}
        onSave={(kind, template) => {
          setTemplates((current) => ({ ...current, [kind]: template }));
          setEditing(undefined);
          void message.info(t('smsSettings.template.updated'));
        }}
      />
    </Form>
  );
}
