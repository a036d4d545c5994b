import { httpdnsSaveRequestSchema, type HttpdnsConfig } from '@nimbus/contract';
import { Button, Card, Flex, Form, Input, InputNumber, Switch, type FormRule } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpdnsApps } from '@/features/httpdns/components/HttpdnsApps';
import { useSaveHttpdns } from '@/features/httpdns/hooks/useHttpdns';
import {
  httpdnsFormFromConfig,
  httpdnsSaveRequest,
  type HttpdnsFormValues,
} from '@/features/httpdns/lib/httpdns-form';
import { useFeedback } from '@/shared/feedback/feedback-context';
import { settingsFormLayout } from '@/shared/forms/settings-form-layout';
import { schemaError } from '@/shared/forms/zod-rules';

const { shape } = httpdnsSaveRequestSchema;
const blank = (value: unknown) => value === undefined || value === null || value === '';

/**
 * The HTTPDNS config as a form (spec §5): HTTP port and domain always required; the HTTPS port,
 * certificate and key only with HTTPS on. The certificate key and the apps' keys are write-only:
 * once stored they may stay blank, which keeps them.
 */
export function HttpdnsForm({ config }: { config: HttpdnsConfig }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<HttpdnsFormValues>();
  const save = useSaveHttpdns();
  const values = useMemo(() => httpdnsFormFromConfig(config), [config]);
  const https = Form.useWatch('https', form) ?? values.https;

  useEffect(() => form.setFieldsValue(values), [form, values]);

  const label = (key: string) => t(`httpdns.field.${key}`);
  const help = (key: string) => t(`httpdns.help.${key}`);
  /** Blank → "<label> cannot be empty"; otherwise the contract's own check of the field. */
  const rule = (key: keyof typeof shape, needed: boolean): FormRule => ({
    required: needed,
    validator: (_rule, value: unknown) => {
      if (blank(value))
        return needed
          ? Promise.reject(new Error(t('validation.required', { field: label(key) })))
          : Promise.resolve();
      const error = schemaError(shape[key], value, t, label(key));
      return error ? Promise.reject(new Error(error)) : Promise.resolve();
    },
  });
  // The whole store, not only the mounted fields: an app's id and the hidden HTTPS fields count too.
  const onFinish = () =>
    save.mutate(httpdnsSaveRequest({ ...values, ...form.getFieldsValue(true) }), {
      onSuccess: () => {
        void message.success(t('httpdns.saved'));
        form.setFieldsValue({ certKey: '' });
      },
    });

  return (
    <Form<HttpdnsFormValues> form={form} {...settingsFormLayout} initialValues={values} onFinish={onFinish}>
      <Flex vertical gap={16}>
        <Card size="small" title={t('httpdns.section.service')}>
          <Form.Item name="enabled" label={label('enabled')} extra={help('enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item
            name="portHttp"
            label={label('portHttp')}
            extra={help('portHttp')}
            rules={[rule('portHttp', true)]}
          >
            <InputNumber min={1} max={65535} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item
            name="domain"
            label={label('domain')}
            extra={help('domain')}
            rules={[rule('domain', true)]}
          >
            <Input placeholder="httpdns.example.com" style={{ maxWidth: 420 }} />
          </Form.Item>
          <Form.Item name="https" label={label('https')} extra={help('https')} valuePropName="checked">
            <Switch />
          </Form.Item>
          {https && (
            <>
              <Form.Item
                name="portHttps"
                label={label('portHttps')}
                extra={help('portHttps')}
                rules={[rule('portHttps', true)]}
              >
                <InputNumber min={1} max={65535} precision={0} style={{ width: 160 }} />
              </Form.Item>
              <Form.Item
                name="certCrt"
                label={label('certCrt')}
                extra={help('certCrt')}
                rules={[rule('certCrt', true)]}
              >
                <Input.TextArea rows={5} placeholder="-----BEGIN CERTIFICATE-----" spellCheck={false} />
              </Form.Item>
              <Form.Item
                name="certKey"
                label={label('certKey')}
                extra={help('certKey')}
                rules={[rule('certKey', !config.certKeySet)]}
              >
                <Input.TextArea
                  rows={5}
                  spellCheck={false}
                  autoComplete="off"
                  placeholder={config.certKeySet ? t('httpdns.keep') : '-----BEGIN PRIVATE KEY-----'}
                />
              </Form.Item>
            </>
          )}
        </Card>
        <Card size="small" title={t('httpdns.section.sign')}>
          <Form.Item
            name="signEnabled"
            label={label('signEnabled')}
            extra={help('signEnabled')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
          <HttpdnsApps form={form} />
        </Card>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('httpdns.save')}
          </Button>
          <Button onClick={() => form.setFieldsValue(values)}>{t('httpdns.reset')}</Button>
        </Flex>
      </Flex>
    </Form>
  );
}
