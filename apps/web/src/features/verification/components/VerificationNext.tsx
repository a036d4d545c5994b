import { formatMoney, type VerificationStatus } from '@nimbus/contract';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { verificationApi } from '@/features/verification/api/verification-api';
import { useWebConfig } from '@/shared/config/useWebConfig';

/** What the customer does next at each state: pay the fee, go to the face check, or wait. */
export function VerificationNext({ status }: { status: VerificationStatus }) {
  const { t } = useTranslation();
  const { config } = useWebConfig();
  const face = useMutation({
    mutationFn: verificationApi.startFace,
    // The provider's own page takes the person through the face check and sends them back here.
    onSuccess: (start) => window.location.assign(start.url),
  });
  switch (status.state) {
    case 'fee_unpaid':
      return (
        <Alert
          type="info"
          showIcon
          message={t('verification.feeDue', { fee: formatMoney(status.fee, config.price.unit) })}
          action={
            status.orderSerial && (
              <Link to={`/payment/order/${status.orderSerial}`}>
                <Button type="primary">{t('verification.payFee')}</Button>
              </Link>
            )
          }
        />
      );
    case 'face_pending':
      return (
        <Flex vertical gap={8} align="start">
          <Alert type="info" showIcon message={t('verification.faceDue')} />
          <Button type="primary" loading={face.isPending} onClick={() => face.mutate()}>
            {t('verification.startFace')}
          </Button>
        </Flex>
      );
    case 'review':
      return <Alert type="info" showIcon message={t('verification.inReview')} />;
    case 'rejected':
      return (
        <Alert
          type="error"
          showIcon
          message={t('verification.rejected')}
          description={status.reason ?? undefined}
        />
      );
    default:
      return null;
  }
}
