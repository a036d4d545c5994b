import { RECURSIVE_LIMITS } from '@nimbus/contract';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProblemRule } from '@/features/recursive-dns/hooks/useProblemRule';
import { useSaveRecursive } from '@/features/recursive-dns/hooks/useRecursiveDns';
import { rootIpsProblem } from '@/features/recursive-dns/lib/recursive-form';
import { useFeedback } from '@/shared/feedback/feedback-context';

/** The root servers recursion starts from (root hints); empty → the Internet's own. */
export function RootIpsForm({ rootIps, disabled }: { rootIps: string[]; disabled: boolean }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const save = useSaveRecursive();
  const [form] = Form.useForm<{ rootIps: string }>();
  const check = useProblemRule();

  const submit = async ({ rootIps: text }: { rootIps: string }) => {
    try {
      await save.mutateAsync({ mode: 1, rootIps: text ?? '' });
    } catch {
      return;
    }
    void message.success(t('recursiveDns.saved'));
  };

  return (
    <Form
      form={form}
      layout="vertical"
      key={rootIps.join()}
      initialValues={{ rootIps: rootIps.join('\n') }}
      onFinish={(values) => void submit(values)}
      style={{ maxWidth: 520 }}
    >
      <Form.Item
        name="rootIps"
        label={t('recursiveDns.field.rootIps')}
        extra={t('recursiveDns.rootIpsHelp', { max: RECURSIVE_LIMITS.rootIps })}
        rules={[check(rootIpsProblem)]}
      >
        <Input.TextArea rows={3} disabled={disabled} placeholder={'198.41.0.4\n2001:503:ba3e::2:30'} />
      </Form.Item>
      <Button htmlType="submit" disabled={disabled} loading={save.isPending}>
        {t('recursiveDns.saveRootIps')}
      </Button>
    </Form>
  );
}
