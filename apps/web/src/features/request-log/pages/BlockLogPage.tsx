import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { BlockLog } from '@/features/request-log/components/BlockLog';

/** Customer route `/cdn/analysis/query/block` (spec §2): what the sites' WAF rules blocked. */
export function BlockLogPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('blockLog.title')}>
      <BlockLog />
    </Card>
  );
}
