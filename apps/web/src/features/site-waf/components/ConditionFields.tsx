import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { WAF_LIMITS, WAF_OPERATORS, WAF_TARGETS, type WafTarget } from '@nimbus/contract';
import { Button, Flex, Form, Input, Select, Switch, theme, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  emptyCondition,
  hasName,
  IP_OPERATORS,
  type WafRuleFormValues,
} from '@/features/site-waf/lib/rule-form';
import { CountryValueSelect } from '@/features/site-region/components/CountrySelect';

/** A rule's 1–6 conditions, each a box of its own: what it looks at, how it compares, the values. */
export function ConditionFields({ form }: { form: FormInstance<WafRuleFormValues> }) {
  const { t } = useTranslation();
  return (
    <Form.List name="conditions">
      {(fields, { add, remove }) => (
        <Flex vertical gap={12}>
          {fields.map((field, index) => (
            <ConditionBox
              key={field.key}
              form={form}
              name={field.name}
              index={index}
              removable={fields.length > 1}
              onRemove={() => remove(field.name)}
            />
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            disabled={fields.length >= WAF_LIMITS.conditions}
            onClick={() => add(emptyCondition())}
          >
            {fields.length >= WAF_LIMITS.conditions
              ? t('siteWaf.form.maxConditions')
              : t('siteWaf.form.addCondition')}
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}

interface ConditionBoxProps {
  form: FormInstance<WafRuleFormValues>;
  name: number;
  index: number;
  removable: boolean;
  onRemove: () => void;
}

function ConditionBox({ form, name, index, removable, onRemove }: ConditionBoxProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const target = Form.useWatch<WafTarget | undefined>(['conditions', name, 'target'], form);
  const title = t('siteWaf.form.condition', { n: index + 1 });
  // A country, like an address, is compared whole: equals or "in list".
  const operators = target === 'ip' || target === 'country' ? IP_OPERATORS : WAF_OPERATORS;

  const onTarget = (next: WafTarget) => {
    // Only equals and "in list" compare addresses: keep the operator valid for the new target.
    const operator = form.getFieldValue(['conditions', name, 'operator']) as string;
    if ((next === 'ip' || next === 'country') && !IP_OPERATORS.includes(operator as never))
      form.setFieldValue(['conditions', name, 'operator'], 'in');
    // Text typed for another target is no list of countries, nor the other way round.
    if ((next === 'country') !== (target === 'country'))
      form.setFieldValue(['conditions', name, 'value'], '');
  };

  return (
    <fieldset
      aria-label={title}
      style={{
        position: 'relative',
        margin: 0,
        padding: `${token.paddingXS}px ${token.padding}px 0`,
        border: `${token.lineWidth}px ${token.lineType} ${token.colorBorder}`,
        borderRadius: token.borderRadiusLG,
      }}
    >
      <legend style={{ width: 'auto', margin: 0, fontSize: token.fontSize, fontWeight: 600 }}>{title}</legend>
      <Button
        type="text"
        danger
        size="small"
        icon={<DeleteOutlined />}
        disabled={!removable}
        aria-label={t('siteWaf.form.removeCondition', { n: index + 1 })}
        onClick={onRemove}
        style={{ position: 'absolute', insetBlockStart: token.paddingXS, insetInlineEnd: token.paddingXS }}
      />
      <Flex gap={12} wrap align="flex-start" style={{ marginTop: token.marginXS }}>
        <Form.Item
          name={[name, 'target']}
          label={t('siteWaf.field.target')}
          tooltip={t('siteWaf.help.target')}
          style={{ width: 150 }}
        >
          <Select
            onChange={onTarget}
            options={WAF_TARGETS.map((value) => ({ value, label: t(`siteWaf.target.${value}`) }))}
          />
        </Form.Item>
        {hasName(target) && (
          <Form.Item
            name={[name, 'name']}
            label={t('siteWaf.field.name')}
            tooltip={t(target === 'header' ? 'siteWaf.help.nameHeader' : 'siteWaf.help.nameCookie')}
            style={{ width: 170 }}
          >
            <Input maxLength={WAF_LIMITS.name} placeholder={target === 'header' ? 'X-Token' : 'session_id'} />
          </Form.Item>
        )}
        <Form.Item
          name={[name, 'operator']}
          label={t('siteWaf.field.operator')}
          tooltip={t(
            target === 'ip'
              ? 'siteWaf.help.operatorIp'
              : target === 'country'
                ? 'siteRegion.waf.operatorHelp'
                : 'siteWaf.help.operator',
          )}
          style={{ width: 150 }}
        >
          <Select options={operators.map((value) => ({ value, label: t(`siteWaf.operator.${value}`) }))} />
        </Form.Item>
        <Form.Item
          name={[name, 'negate']}
          label={t('siteWaf.field.negate')}
          tooltip={t('siteWaf.help.negate')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
      </Flex>
      {target === 'country' ? (
        <Form.Item
          name={[name, 'value']}
          label={t('siteWaf.field.value')}
          extra={t('siteRegion.waf.valueHelp')}
        >
          <CountryValueSelect aria-label={t('siteWaf.field.value')} />
        </Form.Item>
      ) : (
        <Form.Item name={[name, 'value']} label={t('siteWaf.field.value')} extra={t('siteWaf.help.value')}>
          <Input placeholder={placeholderOf(target)} />
        </Form.Item>
      )}
    </fieldset>
  );
}

const PLACEHOLDERS: Readonly<Record<WafTarget, string>> = {
  ip: '203.0.113.7 | 198.51.100.0/24 | 2001:db8::/32',
  path: '/admin | /wp-login.php',
  query: 'union select',
  header: 'bad-value',
  cookie: 'deleted',
  ua: 'sqlmap | nikto',
  referer: 'spam.example',
  method: 'POST | PUT',
  country: 'US | CA',
};
const placeholderOf = (target: WafTarget | undefined) => PLACEHOLDERS[target ?? 'path'];
