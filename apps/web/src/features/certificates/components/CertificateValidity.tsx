import type { Certificate } from '@nimbus/contract';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { expiryOf, formatDay } from '@/features/certificates/lib/certificate-state';

/** "Expires in N days" (orange within the notice period), or "Expired" in red. */
export function ExpiryText({ cert }: { cert: Pick<Certificate, 'notAfter' | 'status'> }) {
  const { t } = useTranslation();
  const expiry = expiryOf(cert);
  if (!expiry) return null;
  if (expiry.kind === 'expired')
    return <Typography.Text type="danger">{t('certificates.validity.expired')}</Typography.Text>;
  let text = t('certificates.validity.daysLeft', { n: expiry.days });
  if (expiry.days < 1) text = t('certificates.validity.lastDay');
  else if (expiry.days === 1) text = t('certificates.validity.oneDay');
  return <Typography.Text type={expiry.kind === 'soon' ? 'warning' : 'secondary'}>{text}</Typography.Text>;
}

/** "notBefore – notAfter" with how long is left below; '-' until an order has produced one. */
export function CertificateValidity({
  cert,
}: {
  cert: Pick<Certificate, 'notBefore' | 'notAfter' | 'status'>;
}) {
  if (!cert.notBefore && !cert.notAfter) return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <Flex vertical gap={2}>
      <span style={{ whiteSpace: 'nowrap' }}>
        {formatDay(cert.notBefore)} – {formatDay(cert.notAfter)}
      </span>
      <ExpiryText cert={cert} />
    </Flex>
  );
}
