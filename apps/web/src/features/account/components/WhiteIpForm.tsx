import { PlusOutlined } from '@ant-design/icons';
import type { WhiteIpResponse } from '@nimbus/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Input, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountApi, whiteIpQueryKey } from '@/features/account/api/account-api';
import { parseWhiteIpText, whiteIpText, withIp } from '@/features/account/lib/white-ip';
import { currentUserQueryKey } from '@/shared/auth/useCurrentUser';
import { useFeedback } from '@/shared/feedback/feedback-context';

interface WhiteIpValues {
  whiteIpStatus: boolean;
  text: string;
}

/** Login white list: when on, only these addresses/ranges may log in to this account. */
export function WhiteIpForm({ data }: { data: WhiteIpResponse }) {
  const { t } = useTranslation();
  const { modal, message } = useFeedback();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<WhiteIpValues>();
  const enabled = Form.useWatch('whiteIpStatus', form) ?? data.whiteIpStatus;
  const save = useMutation({
    mutationFn: accountApi.saveWhiteIp,
    onSuccess: (saved) => {
      queryClient.setQueryData(whiteIpQueryKey, saved);
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });

  async function submit(values: WhiteIpValues) {
    const { ips } = parseWhiteIpText(values.text ?? '');
    // Turning the list on is what can lock people out: say so before it takes effect.
    if (values.whiteIpStatus && !data.whiteIpStatus) {
      const confirmed = await modal.confirm({
        title: t('account.whiteIp.confirmTitle'),
        content: t('account.whiteIp.confirmText', { ip: data.currentIp }),
        okText: t('account.whiteIp.confirmOk'),
      });
      if (!confirmed) return;
    }
    const saved = await save.mutateAsync({ whiteIpStatus: values.whiteIpStatus, whiteIps: ips });
    form.setFieldsValue({ whiteIpStatus: saved.whiteIpStatus, text: whiteIpText(saved.whiteIps) });
    void message.success(t('common.saved'));
  }

  return (
    <Card title={t('account.whiteIp.title')}>
      <Alert type="info" showIcon title={t('account.whiteIp.explain')} style={{ marginBottom: 24 }} />
      <Form
        form={form}
        layout="vertical"
        name="white-ip"
        style={{ maxWidth: 560 }}
        initialValues={{ whiteIpStatus: data.whiteIpStatus, text: whiteIpText(data.whiteIps) }}
        onFinish={(values) => submit(values).catch(() => undefined)}
      >
        <Form.Item name="whiteIpStatus" label={t('account.whiteIp.status')} valuePropName="checked">
          <Switch checkedChildren={t('account.whiteIp.on')} unCheckedChildren={t('account.whiteIp.off')} />
        </Form.Item>
        <Form.Item
          name="text"
          label={t('account.whiteIp.list')}
          extra={t('account.whiteIp.listHint')}
          dependencies={['whiteIpStatus']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_rule, value: string | undefined) => {
                const { ips, problem } = parseWhiteIpText(value ?? '');
                if (problem)
                  return Promise.reject(
                    new Error(t(problem.key, { value: 'value' in problem ? problem.value : '' })),
                  );
                if (getFieldValue('whiteIpStatus') && ips.length === 0) {
                  return Promise.reject(new Error(t('account.whiteIpEmpty')));
                }
                return Promise.resolve();
              },
            }),
          ]}
        >
          <Input.TextArea
            rows={8}
            placeholder={'203.0.113.8\n198.51.100.0/24\n2001:db8::/32'}
            spellCheck={false}
          />
        </Form.Item>
        <Flex align="center" gap={8} wrap style={{ marginBottom: 24 }}>
          <Typography.Text type="secondary">{t('account.whiteIp.currentIp')}</Typography.Text>
          <Typography.Text code data-testid="current-ip">
            {data.currentIp}
          </Typography.Text>
          <Button
            size="small"
            icon={<PlusOutlined />}
            onClick={() =>
              form.setFieldValue('text', withIp(form.getFieldValue('text') ?? '', data.currentIp))
            }
          >
            {t('account.whiteIp.addCurrent')}
          </Button>
        </Flex>
        {enabled && !data.whiteIpStatus && (
          <Alert
            type="warning"
            showIcon
            title={t('account.whiteIp.enableWarning')}
            style={{ marginBottom: 24 }}
          />
        )}
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('account.whiteIp.save')}
        </Button>
      </Form>
    </Card>
  );
}
