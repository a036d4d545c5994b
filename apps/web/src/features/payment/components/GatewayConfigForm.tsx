import {
  fieldLabel,
  PAYMENT_GATEWAYS,
  paymentDestinationFields,
  type ConfigRecord,
  type PaymentGatewayName,
} from '@nimbus/contract';
import { Button, Flex, Form, Input, InputNumber, Select, Switch, type FormRule } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  gatewayFields,
  gatewayFormOf,
  gatewayUpdateRequest,
  reentryField,
  type GatewayField,
} from '@/features/payment/lib/gateway-form';
import { useUpdateConfig } from '@/features/system-config/hooks/useConfigRecord';
import { useFeedback } from '@/shared/feedback/feedback-context';
import { settingsFormLayout } from '@/shared/forms/settings-form-layout';
import { schemaError, zodRule } from '@/shared/forms/zod-rules';

type Values = Record<string, unknown>;

/** Form.Item hands `value`/`onChange` (or `checked`) to its child: passed on to the real control. */
function FieldInput({ field, ...control }: { field: GatewayField } & Record<string, unknown>) {
  switch (field.kind) {
    case 'secret':
      return <Input.Password autoComplete="new-password" style={{ maxWidth: 420 }} {...control} />;
    case 'secretText':
    case 'textarea':
      return <Input.TextArea rows={4} spellCheck={false} autoComplete="off" {...control} />;
    case 'number':
      return <InputNumber style={{ width: 200 }} {...control} />;
    case 'flag':
      return <Switch {...control} />;
    case 'select':
      return (
        <Select
          style={{ maxWidth: 420 }}
          options={field.options?.map((value) => ({ value, label: value }))}
          {...control}
        />
      );
    default:
      return <Input autoComplete="off" style={{ maxWidth: 420 }} {...control} />;
  }
}

/**
 * A gateway's configuration row as a form generated from its contract schema (PAYMENT_CONFIG):
 * the switch is the row's status, each schema key a field checked by its own schema, secrets
 * write-only (blank keeps the stored one).
 */
export function GatewayConfigForm({
  gateway,
  record,
}: {
  gateway: PaymentGatewayName;
  record: ConfigRecord;
}) {
  const { t, i18n } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const save = useUpdateConfig();
  const configKey = PAYMENT_GATEWAYS[gateway].configKey;
  const destinations = paymentDestinationFields()[configKey] ?? [];
  const fields = useMemo(() => gatewayFields(gateway), [gateway]);
  const state = useMemo(() => gatewayFormOf(fields, record), [fields, record]);
  // A saved row comes back with its secrets blank again: the form follows it.
  useEffect(() => form.setFieldsValue(state.values), [form, state]);

  const lang = i18n.language === 'en' ? 'en' : 'cn';
  const labelOf = (name: string) => fieldLabel(name, lang, configKey);
  const reentryRule = (secret: string): FormRule => ({
    validator: async (_rule, value: unknown) => {
      const values = { ...form.getFieldsValue(), [secret]: value };
      const changed = reentryField(configKey, fields, state, values, secret);
      if (changed)
        throw new Error(t('config.secretReentry', { changed: labelOf(changed), secret: labelOf(secret) }));
    },
  });
  const helpOf = (field: GatewayField, required: boolean) => {
    const ownKey = `payment.admin.help.${configKey}.${field.name}`;
    const own = i18n.exists(ownKey) ? t(ownKey) : undefined;
    if (field.kind === 'secretText') return t('payment.admin.secretPemHelp');
    if (field.secret) return t('payment.admin.secretHelp');
    if (destinations.includes(field.name)) {
      const preset = typeof field.defaultValue === 'string' && field.defaultValue !== '';
      const byDefault = preset ? t('payment.admin.defaultHelp', { value: field.defaultValue }) : undefined;
      return [own, byDefault, t('payment.admin.reentryHelp')].filter(Boolean).join(' ');
    }
    if (own) return own;
    if (field.kind === 'textarea') return t('payment.admin.pemHelp');
    return t(required ? 'payment.admin.requiredHelp' : 'payment.admin.optionalHelp');
  };

  return (
    <Form<Values>
      form={form}
      name={gateway}
      {...settingsFormLayout}
      initialValues={state.values}
      style={{ maxWidth: 860 }}
      onFinish={(values) =>
        save.mutate(gatewayUpdateRequest(record, fields, state, values), {
          onSuccess: () => void message.success(t('common.saved')),
        })
      }
    >
      <Form.Item
        name="enabled"
        label={t('payment.admin.enabled')}
        extra={t('payment.admin.enabledHelp')}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
      {fields.map((field) => {
        const label = labelOf(field.name);
        const required =
          !field.secret && field.kind !== 'flag' && schemaError(field.schema, '', t, label) !== undefined;
        const keep = field.secret && state.secretSet[field.name];
        return (
          <Form.Item
            key={field.name}
            name={field.name}
            label={label}
            required={required}
            extra={helpOf(field, required)}
            valuePropName={field.kind === 'flag' ? 'checked' : 'value'}
            dependencies={field.secret ? [...destinations] : undefined}
            rules={[zodRule(field.schema, t, label), ...(field.secret ? [reentryRule(field.name)] : [])]}
          >
            <FieldInput field={field} placeholder={keep ? t('payment.admin.secretKeep') : undefined} />
          </Form.Item>
        );
      })}
      <Form.Item label=" " colon={false}>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('payment.admin.save')}
          </Button>
          <Button onClick={() => form.setFieldsValue(state.values)}>{t('payment.admin.reset')}</Button>
        </Flex>
      </Form.Item>
    </Form>
  );
}
