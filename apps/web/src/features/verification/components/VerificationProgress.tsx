import type { VerificationStatus } from '@nimbus/contract';
import { Steps } from 'antd';
import { useTranslation } from 'react-i18next';

/** Spec §4 identity verification steps: pay the fee by scan, face verification, done. */
export function VerificationProgress({ status }: { status: VerificationStatus }) {
  const { t } = useTranslation();
  const current =
    status.realnameStatus === 1 || status.state === 'approved'
      ? 3
      : status.state === 'fee_unpaid' || status.state === null
        ? 0
        : status.state === 'rejected'
          ? 0
          : 1;
  return (
    <Steps
      current={current}
      status={status.state === 'rejected' ? 'error' : undefined}
      items={[
        {
          title: t('verification.step.fee'),
          description: status.fee > 0 ? undefined : t('verification.step.feeFree'),
        },
        {
          title: status.faceAvailable ? t('verification.step.face') : t('verification.step.review'),
        },
        { title: t('verification.step.done') },
      ]}
    />
  );
}
