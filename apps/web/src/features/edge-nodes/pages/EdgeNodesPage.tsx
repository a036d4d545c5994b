import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EdgeNodeList } from '@/features/edge-nodes/components/EdgeNodeList';

/** Admin: edge nodes (`/edge/nodes`). */
export function EdgeNodesPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('edgeNodes.title')}>
      <Typography.Paragraph type="secondary">{t('edgeNodes.intro')}</Typography.Paragraph>
      <EdgeNodeList />
    </Card>
  );
}
