import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EdgeGroupList } from '@/features/edge-nodes/components/EdgeGroupList';
import { OriginAllowForm } from '@/features/edge-nodes/components/OriginAllowForm';

/** Admin: node groups (`/edge/groups`), and which private ranges their nodes may reach. */
export function EdgeGroupsPage() {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={16}>
      <Card title={t('edgeNodes.groupTitle')}>
        <Typography.Paragraph type="secondary">{t('edgeNodes.groupIntro')}</Typography.Paragraph>
        <EdgeGroupList />
      </Card>
      <OriginAllowForm />
    </Flex>
  );
}
