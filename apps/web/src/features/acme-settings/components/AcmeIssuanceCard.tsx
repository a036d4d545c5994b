import { CERTIFICATE_NOTICE_DAYS, CERTIFICATE_RENEW_DAYS } from '@nimbus/contract';
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** What happens between "apply for a free certificate" and HTTPS working, for the admin. */
export function AcmeIssuanceCard() {
  const { t } = useTranslation();
  const steps = [
    t('acmeSettings.how.apply'),
    t('acmeSettings.how.validation'),
    t('acmeSettings.how.cname'),
    t('acmeSettings.how.renew', { days: CERTIFICATE_RENEW_DAYS }),
    t('acmeSettings.how.notices', { days: CERTIFICATE_NOTICE_DAYS.join(' / ') }),
  ];
  return (
    <Card size="small" title={t('acmeSettings.how.title')}>
      <Typography>
        <ol style={{ margin: 0, paddingInlineStart: 20 }}>
          {steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </Typography>
    </Card>
  );
}
