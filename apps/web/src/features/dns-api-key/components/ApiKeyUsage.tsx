import { DNS_API_KEY_HEADER } from '@nimbus/contract';
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { curlExample } from '@/features/dns-api-key/lib/usage-example';

/** How a script sends the key, what it opens, and a curl line to start from. */
export function ApiKeyUsage() {
  const { t } = useTranslation();
  const copyable = { tooltips: [t('apiKey.usage.copy'), t('apiKey.usage.copied')] };
  const example = curlExample(window.location.origin, t('apiKey.usage.placeholder'));
  return (
    <Card title={t('apiKey.usage.title')}>
      <Typography.Paragraph>{t('apiKey.usage.header')}</Typography.Paragraph>
      <Typography.Paragraph
        code
      >{`${DNS_API_KEY_HEADER}: Bearer ${t('apiKey.usage.placeholder')}`}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('apiKey.usage.scope')}</Typography.Paragraph>
      <Typography.Paragraph strong>{t('apiKey.usage.example')}</Typography.Paragraph>
      <Typography.Paragraph copyable={{ ...copyable, text: example }}>
        <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{example}</pre>
      </Typography.Paragraph>
    </Card>
  );
}
