import { REDIRECT_STATUSES } from '@nimbus/contract';
import { Form, Radio, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** 301/302/307/308 with what each tells browsers and search engines, the chosen one explained below. */
export function RedirectStatusField() {
  const { t } = useTranslation();
  const status = Form.useWatch<number | undefined>('status');
  return (
    <Form.Item
      name="status"
      label={t('redirects.field.status')}
      extra={
        <Typography.Text type="secondary">
          {t(`redirects.help.status${status ?? 301}`)} {t('redirects.help.statusCache')}
        </Typography.Text>
      }
    >
      <Radio.Group
        optionType="button"
        options={REDIRECT_STATUSES.map((code) => ({
          value: code,
          label: t(`redirects.status.${code}`),
        }))}
      />
    </Form.Item>
  );
}

/** Whether the entry is served: off keeps it without effect. */
export function RedirectEnabledField() {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="enabled"
      label={t('redirects.field.enabled')}
      extra={t('redirects.help.enabled')}
      valuePropName="checked"
    >
      <Switch />
    </Form.Item>
  );
}
