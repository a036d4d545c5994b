import { WECHAT_CONFIG_KEY, wechatConfigSchema, type ConfigRecord } from '@nimbus/contract';
import { Button, Card, Form, Input, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useConfigRecord, useUpdateConfig } from '@/features/system-config/hooks/useConfigRecord';
import { asText, isSecretSet, parseParamValue } from '@/features/system-config/lib/config-value';
import { zodRule } from '@/shared/forms/zod-rules';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import { useFeedback } from '@/shared/feedback/feedback-context';

interface Values {
  enabled: boolean;
  appId: string;
  /** Write-only: starts blank; blank on save keeps the stored one. */
  appSecret: string;
}

const rules = wechatConfigSchema.shape;

/**
 * WeChat login (WXLOGIN_CONFIG_KEY): the open platform website application's AppID and
 * AppSecret, and whether customers may bind WeChat and sign in by scanning.
 */
export function WechatSettingsForm() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const record = useConfigRecord(WECHAT_CONFIG_KEY);
  const update = useUpdateConfig();
  const label = (key: string) => t(`wechatSettings.${key}`);
  if (record.isError && !record.data)
    return (
      <Card>
        <LoadFailed
          title={label('loadFailed')}
          retryLabel={label('retry')}
          onRetry={() => void record.refetch()}
        />
      </Card>
    );
  if (!record.data) return <Card loading />;

  const stored = parseParamValue(record.data.paramValue);
  const secretSet = isSecretSet(stored, 'appSecret');
  const initial: Values = { enabled: record.data.status === 1, appId: asText(stored.appId), appSecret: '' };
  const save = (values: Values) => {
    const current: ConfigRecord = record.data!;
    update.mutate(
      {
        id: current.id,
        paramKey: current.paramKey,
        remark: current.remark,
        status: values.enabled ? 1 : 0,
        paramValue: JSON.stringify({ appId: values.appId.trim(), appSecret: values.appSecret.trim() }),
      },
      { onSuccess: () => void message.success(t('common.saved')) },
    );
  };

  return (
    <Card title={label('title')}>
      <Typography.Paragraph type="secondary">
        {label('intro')} <Typography.Text code>{window.location.host}</Typography.Text>
      </Typography.Paragraph>
      <Form<Values> layout="vertical" initialValues={initial} onFinish={save} style={{ maxWidth: 560 }}>
        <Form.Item
          name="enabled"
          label={label('enabled')}
          valuePropName="checked"
          extra={label('enabledHelp')}
        >
          <Switch />
        </Form.Item>
        <Form.Item name="appId" label="AppID" rules={[zodRule(rules.appId, t, 'AppID', true)]}>
          <Input maxLength={64} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="appSecret"
          label="AppSecret"
          extra={label('secretHelp')}
          rules={
            secretSet ? [] : [{ required: true, message: t('validation.required', { field: 'AppSecret' }) }]
          }
        >
          <Input.Password
            maxLength={128}
            autoComplete="new-password"
            placeholder={secretSet ? label('secretKeep') : undefined}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {label('save')}
        </Button>
      </Form>
    </Card>
  );
}
