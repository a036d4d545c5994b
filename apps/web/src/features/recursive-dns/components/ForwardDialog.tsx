import { RECURSIVE_LIMITS, type ForwardRule } from '@nimbus/contract';
import { Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { RuleDialog } from '@/features/recursive-dns/components/RuleDialog';
import { useProblemRule } from '@/features/recursive-dns/hooks/useProblemRule';
import { upstreamsProblem, zoneProblem } from '@/features/recursive-dns/lib/recursive-form';

interface ForwardValues {
  targetValue: string;
  rootIps: string;
  recursionDesired: boolean;
  remark: string;
}

interface ForwardDialogProps {
  open: boolean;
  rule?: ForwardRule;
  onClose: () => void;
}

/** Adds or edits a forward rule: the names under a domain go to the upstream servers. */
export function ForwardDialog({ open, rule, onClose }: ForwardDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ForwardValues>();
  const check = useProblemRule();

  return (
    <RuleDialog<ForwardValues>
      open={open}
      id={rule?.id}
      title={rule ? t('recursiveDns.forward.editTitle') : t('recursiveDns.forward.addTitle')}
      form={form}
      initialValues={
        rule
          ? {
              targetValue: rule.targetValue,
              rootIps: rule.rootIps.join('\n'),
              recursionDesired: rule.recursionDesired,
              remark: rule.remark,
            }
          : { targetValue: '', rootIps: '', recursionDesired: true, remark: '' }
      }
      request={(values) => ({ mode: 6, ...values })}
      onClose={onClose}
    >
      <Form.Item
        name="targetValue"
        label={t('recursiveDns.field.zone')}
        extra={t('recursiveDns.forward.zoneHelp')}
        rules={[check(zoneProblem)]}
      >
        <Input placeholder="corp.example.com" maxLength={255} />
      </Form.Item>
      <Form.Item
        name="rootIps"
        label={t('recursiveDns.field.upstreams')}
        extra={t('recursiveDns.forward.upstreamsHelp', { max: RECURSIVE_LIMITS.upstreams })}
        rules={[check(upstreamsProblem)]}
      >
        <Input.TextArea rows={3} placeholder={'10.0.0.53\n10.0.1.53:5353'} />
      </Form.Item>
      <Form.Item
        name="recursionDesired"
        label={t('recursiveDns.field.recursionDesired')}
        extra={t('recursiveDns.forward.recursionDesiredHelp')}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
    </RuleDialog>
  );
}
