import { verificationSubmitRequestSchema, type VerificationSubmitRequest } from '@nimbus/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { verificationApi, verificationQueryKey } from '@/features/verification/api/verification-api';
import { currentUserQueryKey } from '@/shared/auth/useCurrentUser';
import { zodRule } from '@/shared/forms/zod-rules';
import { useFeedback } from '@/shared/feedback/feedback-context';

const rules = verificationSubmitRequestSchema.shape;

/** The person's name and ID card number (spec §3 realname fields, §5 ID validator). */
export function VerificationForm({ correcting }: { correcting: boolean }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const submit = useMutation({
    mutationFn: verificationApi.submit,
    onSuccess: (status) => {
      queryClient.setQueryData(verificationQueryKey, status);
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      void message.success(t('verification.submitted'));
    },
  });
  const label = (name: string) => t(`field.${name}`);

  return (
    <Form<VerificationSubmitRequest>
      layout="vertical"
      style={{ maxWidth: 480 }}
      initialValues={{ realnameCertificatetype: 1 }}
      onFinish={(values) => submit.mutate(values)}
    >
      <Form.Item
        name="realnameName"
        label={label('realnameName')}
        extra={t('verification.nameHelp')}
        rules={[zodRule(rules.realnameName, t, label('realnameName'), true)]}
      >
        <Input maxLength={50} autoComplete="name" />
      </Form.Item>
      <Form.Item name="realnameCertificatetype" label={label('realnameCertificatetype')}>
        <Select options={[{ value: 1, label: t('verification.idCard') }]} />
      </Form.Item>
      <Form.Item
        name="realnameCertificateid"
        label={label('realnameCertificateid')}
        extra={t('verification.idHelp')}
        rules={[zodRule(rules.realnameCertificateid, t, label('realnameCertificateid'), true)]}
      >
        <Input maxLength={18} autoComplete="off" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={submit.isPending}>
        {correcting ? t('verification.correct') : t('verification.submit')}
      </Button>
    </Form>
  );
}
