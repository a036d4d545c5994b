import { HTTPDNS_APPS_MAX, HTTPDNS_SIGN_KEY_MIN } from '@nimbus/contract';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, Typography, type FormInstance, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import type { HttpdnsFormValues } from '@/features/httpdns/lib/httpdns-form';

/**
 * The apps that may sign queries, each with its own key (write-only: a stored one shows as set and
 * stays when left empty). A removed app's key stops working once saved.
 */
export function HttpdnsApps({ form }: { form: FormInstance<HttpdnsFormValues> }) {
  const { t } = useTranslation();
  const label = (key: string) => t(`httpdns.field.${key}`);
  const keyRule = (index: number): FormRule => ({
    validator: (_rule, value: string | undefined) => {
      const key = value?.trim() ?? '';
      const stored = form.getFieldValue(['apps', index, 'signKeySet']) === true;
      if (!key && !stored)
        return Promise.reject(new Error(t('validation.required', { field: label('signKey') })));
      if (key && key.length < HTTPDNS_SIGN_KEY_MIN)
        return Promise.reject(
          new Error(t('httpdns.signKeyShort', { field: label('signKey'), min: HTTPDNS_SIGN_KEY_MIN })),
        );
      return Promise.resolve();
    },
  });
  const nameRule: FormRule = {
    validator: (_rule, value: string | undefined) =>
      value?.trim()
        ? Promise.resolve()
        : Promise.reject(new Error(t('validation.required', { field: label('appName') }))),
  };

  return (
    <Form.Item label={label('apps')} extra={t('httpdns.help.apps')}>
      <Form.List name="apps">
        {(fields, { add, remove }) => (
          <Flex vertical gap={8}>
            {fields.map((field, index) => {
              const id = form.getFieldValue(['apps', index, 'id']) as number | undefined;
              const stored = form.getFieldValue(['apps', index, 'signKeySet']) === true;
              return (
                <Flex key={field.key} gap={8} align="start" wrap>
                  <Typography.Text style={{ width: 72, lineHeight: '32px' }} type="secondary">
                    {id === undefined ? t('httpdns.appNew') : `ID ${id}`}
                  </Typography.Text>
                  <Form.Item name={[field.name, 'name']} rules={[nameRule]} style={{ marginBottom: 0 }}>
                    <Input
                      aria-label={label('appName')}
                      placeholder={label('appName')}
                      style={{ width: 180 }}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'signKey']}
                    rules={[keyRule(index)]}
                    style={{ marginBottom: 0 }}
                  >
                    <Input.Password
                      aria-label={label('signKey')}
                      autoComplete="new-password"
                      placeholder={stored ? t('httpdns.keep') : label('signKey')}
                      style={{ width: 280 }}
                    />
                  </Form.Item>
                  <Button
                    icon={<DeleteOutlined />}
                    aria-label={t('httpdns.removeApp')}
                    onClick={() => remove(field.name)}
                  />
                </Flex>
              );
            })}
            <div>
              <Button
                icon={<PlusOutlined />}
                disabled={fields.length >= HTTPDNS_APPS_MAX}
                onClick={() => add({ name: '', signKey: '', signKeySet: false })}
              >
                {t('httpdns.addApp')}
              </Button>
            </div>
          </Flex>
        )}
      </Form.List>
    </Form.Item>
  );
}
