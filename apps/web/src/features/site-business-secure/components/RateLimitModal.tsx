import {
  BUSINESS_SECURE_LIMITS,
  RATE_LIMIT_ACTIONS,
  RATE_LIMIT_MATCHES,
  RATE_LIMIT_UNITS,
  rateLimitRuleSchema,
  type RateLimitRule,
} from '@nimbus/contract';
import { Form, Input, InputNumber, Modal, Radio, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { pathRule } from '@/features/site-admin/components/rules/form-rules';

export const NEW_RATE_LIMIT: RateLimitRule = {
  match: 'prefix',
  path: '/',
  rate: 10,
  unit: 'second',
  burst: 5,
  action: 'reject',
  banSeconds: 0,
};

interface RateLimitModalProps {
  /** The rule edited, or undefined to add one. */
  rule: RateLimitRule | undefined;
  open: boolean;
  onCancel: () => void;
  onSave: (rule: RateLimitRule) => void;
}

/** One rate-limit rule, checked with the contract's rule schema field by field (its own words). */
export function RateLimitModal({ rule, open, onCancel, onSave }: RateLimitModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RateLimitRule>();
  const action = Form.useWatch('action', form) ?? rule?.action ?? NEW_RATE_LIMIT.action;
  const label = (name: string) => t(`siteBusinessSecure.field.${name}`);
  const check = (name: keyof RateLimitRule, dependencies: string[] = []) => ({
    dependencies,
    rules: [pathRule(rateLimitRuleSchema, (f) => f.getFieldsValue(true), [name], t, label(name))],
  });

  const ok = async () => {
    await form.validateFields();
    const parsed = rateLimitRuleSchema.safeParse(form.getFieldsValue(true));
    if (parsed.success) onSave(parsed.data);
  };

  return (
    <Modal
      open={open}
      title={t(rule ? 'siteBusinessSecure.edit' : 'siteBusinessSecure.add')}
      onCancel={onCancel}
      onOk={() => void ok().catch(() => undefined)}
      destroyOnHidden
      forceRender
      width={640}
    >
      <Form form={form} layout="vertical" initialValues={rule ?? NEW_RATE_LIMIT} preserve={false}>
        <Form.Item name="match" label={label('match')} extra={t('siteBusinessSecure.help.match')}>
          <Radio.Group
            optionType="button"
            options={RATE_LIMIT_MATCHES.map((value) => ({
              value,
              label: t(`siteBusinessSecure.matchKind.${value}`),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="path"
          label={label('path')}
          extra={t('siteBusinessSecure.help.path')}
          {...check('path', ['match'])}
        >
          <Input aria-label={label('path')} maxLength={BUSINESS_SECURE_LIMITS.pathMax} spellCheck={false} />
        </Form.Item>
        <Form.Item label={label('rate')} extra={t('siteBusinessSecure.help.rate')} required>
          <Space.Compact>
            <Form.Item name="rate" noStyle {...check('rate')}>
              <InputNumber
                aria-label={label('rate')}
                min={1}
                max={BUSINESS_SECURE_LIMITS.rateMax}
                precision={0}
              />
            </Form.Item>
            <Form.Item name="unit" noStyle>
              <Select
                aria-label={label('unit')}
                style={{ width: 120 }}
                options={RATE_LIMIT_UNITS.map((value) => ({
                  value,
                  label: `/ ${t(`siteBusinessSecure.unit.${value}`)}`,
                }))}
              />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
        <Form.Item
          name="burst"
          label={label('burst')}
          extra={t('siteBusinessSecure.help.burst')}
          {...check('burst')}
        >
          <InputNumber
            aria-label={label('burst')}
            min={0}
            max={BUSINESS_SECURE_LIMITS.burstMax}
            precision={0}
          />
        </Form.Item>
        <Form.Item name="action" label={label('action')} extra={t(`siteBusinessSecure.actionHelp.${action}`)}>
          <Select
            aria-label={label('action')}
            options={RATE_LIMIT_ACTIONS.map((value) => ({
              value,
              label: t(`siteBusinessSecure.action.${value}`),
            }))}
          />
        </Form.Item>
        {action === 'ban' && (
          <Form.Item
            name="banSeconds"
            label={label('banSeconds')}
            extra={t('siteBusinessSecure.help.banSeconds')}
            {...check('banSeconds', ['action'])}
          >
            <InputNumber
              aria-label={label('banSeconds')}
              min={1}
              max={BUSINESS_SECURE_LIMITS.banSecondsMax}
              precision={0}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
