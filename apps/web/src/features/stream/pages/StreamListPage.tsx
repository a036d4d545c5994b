import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { StreamList } from '@/features/stream/components/StreamList';

/** Customer: layer-4 forwarding rules (`/cdn/stream`). */
export function StreamListPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('stream.list.title')}>
      <Typography.Paragraph type="secondary">{t('stream.list.intro')}</Typography.Paragraph>
      <StreamList />
    </Card>
  );
}
