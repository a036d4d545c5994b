import { SyncOutlined } from '@ant-design/icons';
import type { Certificate, CertificateStatus } from '@nimbus/contract';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { paidPeriodEnded } from '@/features/certificates/lib/certificate-state';

const COLORS: Record<CertificateStatus, string> = {
  unapplied: 'default',
  applying: 'processing',
  succeeded: 'success',
  failed: 'error',
  own: 'success',
  expired: 'error',
};

/** Spec §4's six statuses; a failed order carries the CA's reason in its tooltip. */
export function CertificateStatusTag({
  cert,
}: {
  cert: Pick<Certificate, 'status' | 'failReason' | 'productId' | 'paidUntil'>;
}) {
  const { t } = useTranslation();
  // Said beside the status: a bought certificate past its paid period will not renew by itself.
  const ended = paidPeriodEnded(cert) && (
    <Tag color="warning" style={{ marginInlineStart: 4, marginInlineEnd: 0 }}>
      {t('certificate.paidPeriodEnded')}
    </Tag>
  );
  const tag = (
    <Tag
      color={COLORS[cert.status]}
      icon={cert.status === 'applying' ? <SyncOutlined spin /> : undefined}
      style={{ marginInlineEnd: 0 }}
    >
      {t(`certificates.status.${cert.status}`)}
    </Tag>
  );
  const shown =
    cert.status !== 'failed' || !cert.failReason ? tag : <Tooltip title={cert.failReason}>{tag}</Tooltip>;
  return (
    <>
      {shown}
      {ended}
    </>
  );
}
