import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { StreamLog } from '@/features/stream-stats/components/StreamLog';

/** Customer route `/cdn/stream/log`: the layer-4 session log. */
export function StreamLogPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('streamStats.log.title')}>
      <StreamLog />
    </Card>
  );
}
