import {
  MAIL_PASSWORD_DESTINATION_FIELDS,
  mailConfigSchema,
  mailConfigUpdateSchema,
  type ConfigRecord,
} from '@nimbus/contract';
import { Button, Card, Flex, Form, Input, InputNumber, Select, Switch, type FormRule } from 'antd';
import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MailPresetSelect } from '@/features/mail-settings/components/MailPresetSelect';
import { useSaveMailConfig } from '@/features/mail-settings/hooks/useMailSettings';
import {
  mailFormFromRecord,
  mailUpdateRequest,
  passwordReentryField,
  type MailFormValues,
} from '@/features/mail-settings/lib/mail-form';
import { schemaError, zodRule } from '@/shared/forms/zod-rules';
import { settingsFormLayout } from '@/shared/forms/settings-form-layout';
import { useFeedback } from '@/shared/feedback/feedback-context';

const { shape } = mailConfigSchema;
const CODE_CONTENT = ['templates', 'code', 'content'];
const CODE_SUBJECT = ['templates', 'code', 'subject'];
const PASSWORD_DESTINATIONS = [...MAIL_PASSWORD_DESTINATION_FIELDS];

/** MAIL_CONFIG_KEY as a form: spec §5 required messages on change or blur, secrets write-only. */
export function MailSettingsForm({ record }: { record: ConfigRecord }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<MailFormValues>();
  const save = useSaveMailConfig();
  const state = useMemo(() => mailFormFromRecord(record), [record]);
  const host = Form.useWatch('host', form);

  useEffect(() => form.setFieldsValue(state.values), [form, state]);

  const label = (key: string) => t(`mailSettings.${key}`);
  // A stored password may stay blank (kept); without one the field is required (spec §5).
  const passwordSchema = state.passwordSet ? mailConfigUpdateSchema.shape.password : shape.password;
  // ...and so it is again once the server, port or mailbox changes: the server would refuse to
  // send the kept password somewhere new, so the form says so on the field before saving.
  const reentrySelector = useCallback(
    (values: MailFormValues) => !!passwordReentryField(state, { ...state.values, ...values, password: '' }),
    [state],
  );
  const reentry = Form.useWatch(reentrySelector, form);
  const reentryRule: FormRule = {
    validator: (_rule, password: string | undefined) => {
      const changed = passwordReentryField(state, { ...form.getFieldsValue(), password: password ?? '' });
      if (!changed) return Promise.resolve();
      const params = { changed: label(changed), secret: label('password') };
      return Promise.reject(new Error(t('config.secretReentry', params)));
    },
  };
  // setFieldsValue skips `dependencies`: re-check a password the admin has already touched.
  const recheckPassword = () =>
    void form.validateFields(['password'], { dirty: true }).catch(() => undefined);

  const onFinish = (values: MailFormValues) =>
    save.mutate(mailUpdateRequest(record, state.stored, values), {
      onSuccess: () => void message.success(t('common.saved')),
    });

  return (
    <Form<MailFormValues>
      form={form}
      {...settingsFormLayout}
      initialValues={state.values}
      onFinish={onFinish}
    >
      <Flex vertical gap={16}>
        <Card size="small" title={label('sectionServer')}>
          <Form.Item
            name="enabled"
            label={label('enabled')}
            extra={label('enabledHelp')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
          <Form.Item name="protocol" label={label('protocol')}>
            <Select style={{ width: 160 }} options={[{ value: 'smtp', label: 'SMTP' }]} />
          </Form.Item>
          <Form.Item label={label('preset')}>
            <MailPresetSelect
              host={host}
              onPick={(preset) => {
                form.setFieldsValue({ host: preset.host, port: preset.port, secure: preset.secure });
                void form.validateFields(['host', 'port']).catch(() => undefined);
                recheckPassword();
              }}
            />
          </Form.Item>
          <Form.Item name="host" label={label('host')} rules={[zodRule(shape.host, t, label('host'), true)]}>
            <Input placeholder={label('hostPlaceholder')} style={{ maxWidth: 420 }} />
          </Form.Item>
          <Form.Item
            name="username"
            label={label('username')}
            rules={[zodRule(shape.username, t, label('username'), true)]}
          >
            <Input placeholder={label('usernamePlaceholder')} style={{ maxWidth: 420 }} autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="password"
            label={label('password')}
            extra={label('passwordHelp')}
            required={!state.passwordSet || reentry}
            dependencies={PASSWORD_DESTINATIONS}
            rules={[zodRule(passwordSchema, t, label('password')), reentryRule]}
          >
            <Input.Password
              placeholder={
                state.passwordSet && !reentry ? label('passwordKeep') : label('passwordPlaceholder')
              }
              style={{ maxWidth: 420 }}
              autoComplete="new-password"
            />
          </Form.Item>
          <Form.Item name="port" label={label('port')} rules={[zodRule(shape.port, t, label('port'), true)]}>
            <InputNumber min={1} max={65535} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item
            name="secure"
            label={label('secure')}
            extra={label('secureHelp')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
        </Card>
        <Card size="small" title={label('sectionTemplate')}>
          <Form.Item name={CODE_SUBJECT} label={label('subject')}>
            <Input placeholder={label('subjectPlaceholder')} maxLength={200} />
          </Form.Item>
          <Form.Item
            name={CODE_CONTENT}
            label={label('content')}
            extra={label('contentHelp')}
            rules={[
              {
                validator: (_rule, content: unknown) => {
                  const templates = {
                    code: { subject: '', content: typeof content === 'string' ? content : '' },
                  };
                  const error = schemaError(shape.templates, templates, t, label('content'));
                  return error ? Promise.reject(new Error(error)) : Promise.resolve();
                },
              },
            ]}
          >
            <Input.TextArea rows={5} placeholder={label('contentPlaceholder')} maxLength={20_000} />
          </Form.Item>
        </Card>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {label('save')}
          </Button>
          <Button
            onClick={() => {
              form.setFieldsValue(state.values);
              recheckPassword();
            }}
          >
            {label('reset')}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}
