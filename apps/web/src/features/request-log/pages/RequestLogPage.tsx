import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { RequestLog } from '@/features/request-log/components/RequestLog';

/** Customer route `/cdn/analysis/query/access` (spec §2): the request log of the caller's sites. */
export function RequestLogPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('requestLog.title')}>
      <RequestLog />
    </Card>
  );
}
