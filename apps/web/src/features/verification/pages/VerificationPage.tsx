import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Descriptions, Flex, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { verificationApi, verificationQueryKey } from '@/features/verification/api/verification-api';
import { VerificationForm } from '@/features/verification/components/VerificationForm';
import { VerificationNext } from '@/features/verification/components/VerificationNext';
import { VerificationProgress } from '@/features/verification/components/VerificationProgress';
import { currentUserQueryKey } from '@/shared/auth/useCurrentUser';
import { LoadFailed } from '@/shared/ui/LoadFailed';

/** Customer route `/cdn/account/verification` (spec §2, §4): real-name verification step by step. */
export function VerificationPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const status = useQuery({
    queryKey: verificationQueryKey,
    queryFn: ({ signal }) => verificationApi.status(signal),
  });
  // Back from the face provider (?face=…): ask the server, which asks the provider.
  const result = useMutation({
    mutationFn: verificationApi.faceResult,
    onSuccess: (next) => {
      queryClient.setQueryData(verificationQueryKey, next);
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      setParams({}, { replace: true });
    },
  });
  const returned = params.has('face');
  useEffect(() => {
    if (returned && result.isIdle) result.mutate();
  }, [returned, result]);

  if (status.isError && !status.data)
    return (
      <Card>
        <LoadFailed
          title={t('verification.loadFailed')}
          retryLabel={t('verification.retry')}
          onRetry={() => void status.refetch()}
        />
      </Card>
    );
  if (!status.data) return <Card loading />;
  const data = status.data;
  const verified = data.realnameStatus === 1;
  const canEdit = !verified && data.state !== 'review' && data.state !== 'approved';

  return (
    <Flex vertical gap={16}>
      <Card title={t('verification.title')}>
        <Flex vertical gap={24}>
          <VerificationProgress status={data} />
          {verified ? (
            <Result status="success" title={t('verification.verified')} />
          ) : (
            <VerificationNext status={data} />
          )}
          {data.realnameName && (
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('field.realnameName')}>{data.realnameName}</Descriptions.Item>
              <Descriptions.Item label={t('field.realnameCertificateid')}>
                {data.realnameCertificateid}
              </Descriptions.Item>
            </Descriptions>
          )}
        </Flex>
      </Card>
      {canEdit && (
        <Card title={data.state === null ? t('verification.formTitle') : t('verification.correctTitle')}>
          <VerificationForm correcting={data.state !== null && data.state !== 'rejected'} />
        </Card>
      )}
    </Flex>
  );
}
