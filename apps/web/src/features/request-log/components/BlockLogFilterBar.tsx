import { SearchOutlined } from '@ant-design/icons';
import { WAF_ACTIONS, type WafAction, type WafRule } from '@nimbus/contract';
import { Button, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { SiteChooser } from '@/features/request-log/components/SiteChooser';
import { remarkText } from '@/features/site-waf/lib/condition-summary';

export interface BlockLogFilters {
  siteId?: number;
  ruleId?: number;
  action?: WafAction;
  clientIp?: string;
}

/** Rule 0 is no WAF rule: the business-secure tab's rate limits and CC protection report as it. */
export const RATE_LIMIT_RULE = 0;
/** Actions that record an event ("next" and "ignore" let the request go on unrecorded). */
const LOGGED_ACTIONS = WAF_ACTIONS.filter((a) => a !== 'next' && a !== 'ignore');

/** The block log's site and filters; a new site or search starts again from page 1. */
export function BlockLogFilterBar({
  value,
  rules,
  onApply,
}: {
  value: BlockLogFilters;
  rules: readonly WafRule[];
  onApply: (filters: BlockLogFilters) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BlockLogFilters>();
  const apply = (values: BlockLogFilters) =>
    onApply({ ...values, clientIp: values.clientIp?.trim() || undefined });
  return (
    <Form<BlockLogFilters>
      form={form}
      layout="inline"
      initialValues={value}
      onFinish={apply}
      // A site's rules are its own: another site's filter would name rules it has not.
      onValuesChange={(changed: BlockLogFilters) => {
        if ('siteId' in changed) {
          form.setFieldsValue({ ruleId: undefined });
          apply({ ...form.getFieldsValue(true), ruleId: undefined });
        }
      }}
      style={{ rowGap: 12, marginBottom: 16 }}
    >
      <Form.Item name="siteId" label={t('blockLog.filter.site')} tooltip={t('blockLog.help.site')}>
        <SiteChooser allowAll={false} ariaLabel={t('blockLog.filter.site')} />
      </Form.Item>
      <Form.Item name="ruleId" label={t('blockLog.filter.rule')} tooltip={t('blockLog.help.rule')}>
        <Select<number>
          aria-label={t('blockLog.filter.rule')}
          allowClear
          placeholder={t('blockLog.filter.any')}
          style={{ width: 220 }}
          options={[
            { value: RATE_LIMIT_RULE, label: t('siteWaf.events.rateLimit') },
            ...rules.map((rule) => ({
              value: rule.id,
              label: `#${rule.priority} ${remarkText(rule, t)}`.trim(),
            })),
          ]}
        />
      </Form.Item>
      <Form.Item name="action" label={t('blockLog.filter.action')} tooltip={t('blockLog.help.action')}>
        <Select<WafAction>
          aria-label={t('blockLog.filter.action')}
          allowClear
          placeholder={t('blockLog.filter.any')}
          style={{ width: 200 }}
          options={LOGGED_ACTIONS.map((action) => ({ value: action, label: t(`siteWaf.action.${action}`) }))}
        />
      </Form.Item>
      <Form.Item
        name="clientIp"
        label={t('blockLog.filter.clientIp')}
        tooltip={t('blockLog.help.clientIp')}
        rules={[{ max: 64, message: t('requestLog.filter.tooLong', { max: 64 }) }]}
      >
        <Input aria-label={t('blockLog.filter.clientIp')} allowClear style={{ width: 170 }} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {t('requestLog.filter.search')}
        </Button>
      </Form.Item>
    </Form>
  );
}
