import { WAF_ACTIONS, WAF_LIMITS, WAF_TIMED_ACTIONS, type WafAction } from '@nimbus/contract';
import { Flex, Form, InputNumber, Select, Typography, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WafRuleFormValues } from '@/features/site-waf/lib/rule-form';

/** The action, with what each one does, and the status code or duration only where it takes one. */
export function ActionFields({ form }: { form: FormInstance<WafRuleFormValues> }) {
  const { t } = useTranslation();
  const action = Form.useWatch<WafAction | undefined>('action', form) ?? 'intercept';
  return (
    <>
      <Form.Item
        name="action"
        label={t('siteWaf.field.action')}
        extra={
          <Flex vertical>
            <span>{t(`siteWaf.actionHelp.${action}`)}</span>
            <span>{t('siteWaf.help.action')}</span>
          </Flex>
        }
      >
        <Select
          // Thirteen actions of two lines each: rendered whole, every one reachable by test and reader.
          virtual={false}
          options={WAF_ACTIONS.map((value) => ({ value, label: t(`siteWaf.action.${value}`) }))}
          optionRender={(option) => (
            <Flex vertical>
              <span>{option.label}</span>
              <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'normal' }}>
                {t(`siteWaf.actionHelp.${String(option.value)}`)}
              </Typography.Text>
            </Flex>
          )}
        />
      </Form.Item>
      {action === 'code' && (
        <Form.Item name="status" label={t('siteWaf.field.status')} extra={t('siteWaf.help.status')}>
          <InputNumber min={400} max={599} precision={0} style={{ width: 160 }} />
        </Form.Item>
      )}
      {WAF_TIMED_ACTIONS.includes(action) && (
        <Form.Item name="seconds" label={t('siteWaf.field.seconds')} extra={t('siteWaf.help.seconds')}>
          <InputNumber min={1} max={WAF_LIMITS.seconds} precision={0} style={{ width: 160 }} />
        </Form.Item>
      )}
    </>
  );
}
