import { RECURSIVE_LIMITS, type ForwardRule } from '@nimbus/contract';
import { Form, Input, Modal, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { useSaveRecursive } from '@/features/recursive-dns/hooks/useRecursiveDns';
import {
  upstreamsProblem,
  zoneProblem,
  type FieldProblem,
} from '@/features/recursive-dns/lib/recursive-form';
import { useFeedback } from '@/shared/feedback/feedback-context';

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
  const { message } = useFeedback();
  const [form] = Form.useForm<ForwardValues>();
  const save = useSaveRecursive();

  const check = (problemOf: (value: string | undefined) => FieldProblem): Rule =>
    ({
      validator: async (_: unknown, value: string | undefined) => {
        const problem = problemOf(value);
        if (problem) throw new Error(t(problem.key, problem.values));
      },
    }) as Rule;

  const submit = async (values: ForwardValues) => {
    try {
      await save.mutateAsync({ mode: 6, ...(rule ? { id: rule.id } : {}), ...values });
    } catch {
      return;
    }
    void message.success(t('recursiveDns.saved'));
    onClose();
  };

  return (
    <Modal
      open={open}
      title={rule ? t('recursiveDns.forward.editTitle') : t('recursiveDns.forward.addTitle')}
      okText={t('recursiveDns.save')}
      cancelText={t('recursiveDns.confirm.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<ForwardValues>
        key={rule?.id ?? 'new'}
        form={form}
        layout="vertical"
        preserve={false}
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
        validateTrigger={['onChange', 'onBlur']}
        onFinish={(values) => void submit(values)}
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
        <Form.Item
          name="remark"
          label={t('recursiveDns.field.remark')}
          rules={[{ required: true, whitespace: true, message: t('recursiveDns.error.remarkRequired') }]}
        >
          <Input maxLength={RECURSIVE_LIMITS.remark} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
