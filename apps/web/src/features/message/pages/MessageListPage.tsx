import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { MessageTable } from '@/features/message/components/MessageTable';

export function MessageListPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('message.list.title')}>
      <MessageTable />
    </Card>
  );
}
