import { NODE_CHECK_DISPATCH_MODES, NODE_CHECK_LIMITS, type ConfigRecord } from '@nimbus/contract';
import { Button, Card, Flex, Form, Input, InputNumber, Radio, type FormRule } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NoticeRows } from '@/features/node-monitor/components/NoticeRows';
import { useSaveNodeCheck } from '@/features/node-monitor/hooks/useNodeMonitor';
import {
  nodeCheckFieldError,
  nodeCheckFormFromRecord,
  nodeCheckUpdateRequest,
  type NodeCheckFormValues,
} from '@/features/node-monitor/lib/node-check-form';
import { useFeedback } from '@/shared/feedback/feedback-context';
import { settingsFormLayout } from '@/shared/forms/settings-form-layout';

type Field = keyof NodeCheckFormValues;

/** Spec §5 number inputs: emptied, they go back to their minimum when the field is left. */
function MinNumber({
  value,
  onChange,
  min,
  ...rest
}: {
  value?: number | null;
  onChange?: (value: number | null) => void;
  min: number;
  max: number;
  step?: number;
  suffix?: string;
  id?: string;
}) {
  return (
    <InputNumber<number>
      {...rest}
      min={min}
      precision={0}
      value={value}
      onChange={(next) => onChange?.(next)}
      onBlur={() => (value === null || value === undefined) && onChange?.(min)}
      style={{ width: 200 }}
    />
  );
}

/** CDN_NODECHECK_KEY (id 37) as a form: every field of spec §3 with the rules of §5, as the server checks them. */
export function NodeCheckForm({ record }: { record: ConfigRecord }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<NodeCheckFormValues>();
  const save = useSaveNodeCheck();
  const values = useMemo(() => nodeCheckFormFromRecord(record), [record]);
  const mode = Form.useWatch('DnsDispatchMode', form) ?? values.DnsDispatchMode;

  useEffect(() => form.setFieldsValue(values), [form, values]);

  const label = (key: string) => t(`nodeMonitor.config.${key}`);
  const rule = (field: Field): FormRule => ({
    validator: () => {
      const error = nodeCheckFieldError({ ...values, ...form.getFieldsValue() }, field, t, label(field));
      return error ? Promise.reject(new Error(error)) : Promise.resolve();
    },
  });

  const onFinish = (submitted: NodeCheckFormValues) =>
    save.mutate(nodeCheckUpdateRequest(record, { ...values, ...submitted }), {
      onSuccess: () => void message.success(t('common.saved')),
    });

  const { frequency, failPercent, timing } = NODE_CHECK_LIMITS;
  return (
    <Form<NodeCheckFormValues> form={form} {...settingsFormLayout} initialValues={values} onFinish={onFinish}>
      <Card size="small" title={label('title')}>
        <Form.Item name="DnsDispatchMode" label={label('DnsDispatchMode')} extra={label(`modeHelp.${mode}`)}>
          <Radio.Group
            optionType="button"
            options={NODE_CHECK_DISPATCH_MODES.map((value) => ({ value, label: label(`mode.${value}`) }))}
          />
        </Form.Item>
        {mode !== 'online' && (
          <Form.Item
            name="ModeTimingFrequency"
            label={label('ModeTimingFrequency')}
            extra={label('timingHelp')}
            required={mode === 'timing'}
            rules={[rule('ModeTimingFrequency')]}
          >
            <MinNumber min={timing.min} max={timing.max} step={timing.step} suffix={label('seconds')} />
          </Form.Item>
        )}
        <Form.Item
          name="checkNodePortList"
          label={label('checkNodePortList')}
          extra={label('portsHelp')}
          required
          rules={[rule('checkNodePortList')]}
        >
          <Input placeholder="80|443" style={{ maxWidth: 320 }} />
        </Form.Item>
        <Form.Item
          name="checkNodeFrequency"
          label={label('checkNodeFrequency')}
          extra={label('frequencyHelp')}
          required
          rules={[rule('checkNodeFrequency')]}
        >
          <MinNumber
            min={frequency.min}
            max={frequency.max}
            step={frequency.step}
            suffix={label('seconds')}
          />
        </Form.Item>
        <Form.Item
          name="failPercent"
          label={label('failPercent')}
          extra={label('failPercentHelp')}
          required
          rules={[rule('failPercent')]}
        >
          <MinNumber min={failPercent.min} max={failPercent.max} suffix="%" />
        </Form.Item>
        <NoticeRows kind="mail" label={label} rule={rule} />
        <NoticeRows kind="sms" label={label} rule={rule} />
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {label('save')}
          </Button>
          <Button onClick={() => form.setFieldsValue(values)}>{label('reset')}</Button>
        </Flex>
      </Card>
    </Form>
  );
}
