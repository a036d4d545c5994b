import { ACCOUNT_API, customerUpdateRequestSchema, type CustomerModule } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '@/shared/api/client';
import { zodRule } from '@/shared/forms/zod-rules';

const rules = customerUpdateRequestSchema.shape;

/**
 * What one customer may use: menu pages hidden from them (spec §2 unvalidModel, grouped by
 * console), how many forced-redirect URLs they may keep (userModuleVo.maxForceUrl) and whether
 * their sites serve without proof of domain ownership (an audited waiver, ADR 0033).
 */
export function ModuleAccessFields() {
  const { t } = useTranslation();
  const label = (key: string) => t(`customers.edit.${key}`);
  const modules = useQuery({
    queryKey: ['customers', 'modules'],
    queryFn: ({ signal }) =>
      api.get<{ list: CustomerModule[] }>(ACCOUNT_API.admin.customerModules, undefined, signal),
    staleTime: Infinity,
  });
  const options = (['cdn', 'dns'] as const).map((console) => ({
    label: label(`console.${console}`),
    title: label(`console.${console}`),
    options: (modules.data?.list ?? [])
      .filter((m) => m.console === console)
      .map((m) => ({
        value: m.path,
        label: m.group ? `${t(m.group)} / ${t(m.title)}` : t(m.title),
      })),
  }));
  return (
    <>
      <Form.Item
        name="unvalidModel"
        label={label('unvalidModel')}
        extra={label('unvalidModelHelp')}
        rules={[zodRule(rules.unvalidModel, t, label('unvalidModel'))]}
      >
        <Select
          mode="multiple"
          allowClear
          loading={modules.isFetching}
          options={options}
          optionFilterProp="label"
          placeholder={label('unvalidModelPlaceholder')}
        />
      </Form.Item>
      <Form.Item
        name="maxForceUrl"
        label={label('maxForceUrl')}
        extra={label('maxForceUrlHelp')}
        rules={[zodRule(rules.maxForceUrl, t, label('maxForceUrl'))]}
      >
        <InputNumber min={0} max={100_000} precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item
        name="ownershipWaived"
        label={label('ownershipWaived')}
        extra={label('ownershipWaivedHelp')}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
    </>
  );
}
