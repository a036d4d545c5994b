import type { AdminMessage } from '@nimbus/contract';
import { Button, Divider, Flex, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MessageText } from '@/features/message/components/MessageText';
import { MessageTypeTag } from '@/features/message/components/MessageTypeTag';
import { formatDateTime } from '@/shared/format/date-time';

export function AnnouncementViewModal({
  item,
  onClose,
}: {
  item: AdminMessage | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={item !== undefined}
      title={item?.title}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('announcement.manage.close')}</Button>}
      width={640}
      destroyOnHidden
    >
      {item && (
        <>
          <Flex gap={12} align="center" wrap>
            <MessageTypeTag type={item.type} />
            <Typography.Text type="secondary">
              {t('announcement.manage.publishedAt', { time: formatDateTime(item.createtime) })}
            </Typography.Text>
            <Typography.Text type="secondary">
              {t('announcement.manage.readBy', { count: item.readCount })}
            </Typography.Text>
          </Flex>
          <Divider style={{ margin: '12px 0' }} />
          <div style={{ maxHeight: '60vh', overflowY: 'auto' }}>
            <MessageText content={item.content} />
          </div>
        </>
      )}
    </Modal>
  );
}
