import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EdgeGroupList } from '@/features/edge-nodes/components/EdgeGroupList';

/** Admin: node groups (`/edge/groups`). */
export function EdgeGroupsPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('edgeNodes.groupTitle')}>
      <Typography.Paragraph type="secondary">{t('edgeNodes.groupIntro')}</Typography.Paragraph>
      <EdgeGroupList />
    </Card>
  );
}
