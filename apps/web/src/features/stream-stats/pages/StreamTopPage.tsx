import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { StreamTop } from '@/features/stream-stats/components/StreamTop';

/** Customer route `/cdn/stream/top`: top client addresses and rules. */
export function StreamTopPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('streamStats.top.title')}>
      <StreamTop />
    </Card>
  );
}
