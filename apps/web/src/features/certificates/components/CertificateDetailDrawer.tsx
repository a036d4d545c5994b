import { CERTIFICATE_RENEW_DAYS, type Certificate } from '@nimbus/contract';
import { Alert, Descriptions, Drawer, Flex, Tag, Typography, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { sourceOf } from '@/features/certificates/lib/certificate-source';
import { CertificateStatusTag } from '@/features/certificates/components/CertificateStatusTag';
import { ExpiryText } from '@/features/certificates/components/CertificateValidity';
import { certificateLabel } from '@/features/certificates/hooks/useCertificateActions';
import { formatDateTime } from '@/shared/format/date-time';

const none = <Typography.Text type="secondary">-</Typography.Text>;
const mono = { fontFamily: 'monospace', wordBreak: 'break-all', whiteSpace: 'pre-wrap' } as const;

/** Every field of one certificate (never its key), the CA's full reason and how it renews. */
export function CertificateDetailDrawer({
  cert,
  onClose,
}: {
  cert: Certificate | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={cert !== undefined}
      onClose={onClose}
      title={cert ? certificateLabel(cert) : t('certificates.detail.title')}
      size="large"
      destroyOnHidden
    >
      {cert && <CertificateDetail cert={cert} />}
    </Drawer>
  );
}

function CertificateDetail({ cert }: { cert: Certificate }) {
  const { t } = useTranslation();
  const acme = cert.source === 'acme';
  const items: DescriptionsProps['items'] = [
    { key: 'id', label: t('certificates.detail.id'), children: cert.id },
    { key: 'name', label: t('certificates.column.name'), children: cert.name || none },
    { key: 'status', label: t('certificates.column.status'), children: <CertificateStatusTag cert={cert} /> },
    {
      key: 'source',
      label: t('certificates.column.source'),
      children: t(`certificates.source.${sourceOf(cert)}`),
    },
    {
      key: 'domains',
      label: t('certificates.column.domains'),
      span: 'filled',
      children: cert.domains.length ? (
        <Flex gap={4} wrap>
          {cert.domains.map((domain) => (
            <Tag key={domain}>{domain}</Tag>
          ))}
        </Flex>
      ) : (
        none
      ),
    },
    {
      key: 'subject',
      label: t('certificates.detail.subject'),
      span: 'filled',
      children: cert.subject || none,
    },
    { key: 'issuer', label: t('certificates.column.issuer'), span: 'filled', children: cert.issuer || none },
    {
      key: 'notBefore',
      label: t('certificates.detail.notBefore'),
      children: cert.notBefore ? formatDateTime(cert.notBefore) : none,
    },
    {
      key: 'notAfter',
      label: t('certificates.detail.notAfter'),
      children: cert.notAfter ? (
        <Flex vertical gap={2}>
          <span>{formatDateTime(cert.notAfter)}</span>
          <ExpiryText cert={cert} />
        </Flex>
      ) : (
        none
      ),
    },
    {
      key: 'autoRenew',
      label: t('certificates.column.autoRenew'),
      children: acme
        ? cert.autoRenew
          ? t('certificates.autoRenew.on')
          : t('certificates.autoRenew.off')
        : none,
    },
    { key: 'siteCount', label: t('certificates.column.siteCount'), children: cert.siteCount },
    { key: 'createdAt', label: t('certificates.column.createdAt'), children: formatDateTime(cert.createdAt) },
  ];

  let renewal: string;
  if (!acme) renewal = t('certificates.detail.uploadNote');
  else if (cert.autoRenew) renewal = t('certificates.detail.renewNote', { days: CERTIFICATE_RENEW_DAYS });
  else renewal = t('certificates.detail.manualNote');

  return (
    <Flex vertical gap={16}>
      {cert.status === 'failed' && cert.failReason && (
        <Alert
          type="error"
          showIcon
          title={t('certificates.detail.failedTitle')}
          description={<span style={mono}>{cert.failReason}</span>}
        />
      )}
      {cert.status === 'applying' && (
        <Alert type="info" showIcon title={t('certificates.detail.applyingNote')} />
      )}
      <Alert type={acme ? 'info' : 'warning'} showIcon title={renewal} />
      <Descriptions bordered size="small" column={{ xs: 1, sm: 2 }} items={items} />
    </Flex>
  );
}
