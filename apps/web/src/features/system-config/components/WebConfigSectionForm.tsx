import {
  formatUtcOffset,
  UTC_OFFSET_CHOICES,
  webSectionSchemas,
  type WebConfig,
  type WebConfigSaveRequest,
  type WebConfigSection,
} from '@nimbus/contract';
import { Button, Flex, Form, Input, InputNumber, Select, Switch } from 'antd';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageUrlInput } from '@/features/system-config/components/ImageUrlInput';
import { useSaveWebConfigSection } from '@/features/system-config/hooks/useWebConfigAdmin';
import {
  checkedToFlag,
  flagToChecked,
  numberBounds,
  SECTION_FIELDS,
  type SectionField,
} from '@/features/system-config/lib/web-config-fields';
import { schemaError, zodRule, type SchemaLike } from '@/shared/forms/zod-rules';
import { useFeedback } from '@/shared/feedback/feedback-context';

type SectionValue = WebConfig[WebConfigSection];

/** Form.Item hands `value`/`onChange` (or `checked`) to its child: they are passed on to the real control. */
function FieldInput({
  field,
  schema,
  ...control
}: { field: SectionField; schema: SchemaLike } & Record<string, unknown>) {
  const { t } = useTranslation();
  switch (field.kind) {
    case 'image':
      return <ImageUrlInput {...control} />;
    case 'number':
      // Whole numbers only: every number of the web config is an integer in its schema.
      return <InputNumber precision={0} style={{ width: 200 }} {...numberBounds(schema)} {...control} />;
    case 'textarea':
      return <Input.TextArea rows={3} {...control} />;
    case 'flag':
      return (
        <Switch
          checkedChildren={t('systemConfig.on')}
          unCheckedChildren={t('systemConfig.off')}
          {...control}
        />
      );
    case 'lang':
      return (
        <Select
          style={{ width: 200 }}
          options={[
            { value: 'cn', label: t('systemConfig.lang.cn') },
            { value: 'en', label: t('systemConfig.lang.en') },
          ]}
          {...control}
        />
      );
    case 'utcOffset':
      return (
        <Select
          style={{ width: 200 }}
          showSearch={{ optionFilterProp: 'label' }}
          options={UTC_OFFSET_CHOICES.map((minutes) => ({ value: minutes, label: formatUtcOffset(minutes) }))}
          {...control}
        />
      );
    default:
      return <Input allowClear {...control} />;
  }
}

/** One web config section as a form, checked with the contract's schema for that section and saved alone. */
export function WebConfigSectionForm({ section, value }: { section: WebConfigSection; value: SectionValue }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<Record<string, unknown>>();
  const save = useSaveWebConfigSection();
  const shape = webSectionSchemas[section].shape as unknown as Record<string, SchemaLike>;

  /** Shows `next` as the untouched state of the form. */
  const refill = useCallback(
    (next: SectionValue) => {
      form.resetFields();
      form.setFieldsValue(next);
    },
    [form],
  );

  // Saving any tab (or a refetch) brings the whole config: a form the admin has edited keeps
  // the edits; one left untouched follows the server.
  useEffect(() => {
    if (!form.isFieldsTouched()) refill(value);
  }, [form, refill, value]);

  const onFinish = (values: Record<string, unknown>) => {
    const body = { section, value: { ...value, ...values } } as WebConfigSaveRequest;
    save.mutate(body, {
      onSuccess: (config) => {
        refill(config[section]);
        void message.success(t('systemConfig.saved'));
      },
    });
  };

  return (
    <Form
      form={form}
      layout="horizontal"
      labelCol={{ flex: '200px' }}
      labelWrap
      // As settingsFormLayout: a field with a long help line stays beside its label.
      wrapperCol={{ flex: '1 1 320px' }}
      initialValues={value}
      onFinish={onFinish}
      validateTrigger={['onChange', 'onBlur']}
      style={{ maxWidth: 860 }}
    >
      {SECTION_FIELDS[section].map((field) => {
        const label = t(`systemConfig.field.${section}.${field.name}.label`);
        const schema = shape[field.name]!;
        const isFlag = field.kind === 'flag';
        return (
          <Form.Item
            key={field.name}
            name={field.name}
            label={label}
            extra={field.help ? t(`systemConfig.field.${section}.${field.name}.help`) : undefined}
            rules={[zodRule(schema, t, label, !isFlag && schemaError(schema, '', t, label) !== undefined)]}
            {...(isFlag ? { getValueProps: flagToChecked, normalize: checkedToFlag } : {})}
          >
            <FieldInput field={field} schema={schema} />
          </Form.Item>
        );
      })}
      <Form.Item label=" " colon={false}>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('systemConfig.save')}
          </Button>
          <Button onClick={() => refill(value)}>{t('systemConfig.reset')}</Button>
        </Flex>
      </Form.Item>
    </Form>
  );
}
