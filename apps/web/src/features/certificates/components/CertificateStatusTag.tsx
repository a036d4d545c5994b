import { SyncOutlined } from '@ant-design/icons';
import type { Certificate, CertificateStatus } from '@nimbus/contract';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<CertificateStatus, string> = {
  unapplied: 'default',
  applying: 'processing',
  succeeded: 'success',
  failed: 'error',
  own: 'success',
  expired: 'error',
};

/** Spec §4's six statuses; a failed order carries the CA's reason in its tooltip. */
export function CertificateStatusTag({ cert }: { cert: Pick<Certificate, 'status' | 'failReason'> }) {
  const { t } = useTranslation();
  const tag = (
    <Tag
      color={COLORS[cert.status]}
      icon={cert.status === 'applying' ? <SyncOutlined spin /> : undefined}
      style={{ marginInlineEnd: 0 }}
    >
      {t(`certificates.status.${cert.status}`)}
    </Tag>
  );
  if (cert.status !== 'failed' || !cert.failReason) return tag;
  return <Tooltip title={cert.failReason}>{tag}</Tooltip>;
}
