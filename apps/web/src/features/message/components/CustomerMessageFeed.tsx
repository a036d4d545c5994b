import type { Message } from '@nimbus/contract';
import { Badge, Button, Empty, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { loadConsoleCatalogue } from '@/i18n/feature-strings';
import { useNavigate } from 'react-router';
import { MessageTypeTag } from '@/features/message/components/MessageTypeTag';
import { messagePaths, useMarkRead, useMessageList } from '@/features/message/hooks/useMessages';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import './message-feed.css';
import { useFeedback } from '@/shared/feedback/feedback-context';
import { formatDateTime } from '@/shared/format/date-time';

/** How many of the newest messages the drawer lists before "view more". */
export const DRAWER_MESSAGE_COUNT = 10;

function FeedItem({ message, onOpen }: { message: Message; onOpen: () => void }) {
  const unread = message.readStatus === 0;
  return (
    <button type="button" className="nimbus-message-feed-item" onClick={onOpen} data-unread={unread}>
      <Flex gap={8} align="center">
        <Badge status={unread ? 'processing' : 'default'} />
        <MessageTypeTag type={message.type} />
        <Typography.Text strong={unread} ellipsis style={{ flex: 1, minWidth: 0 }}>
          {message.title}
        </Typography.Text>
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12, paddingInlineStart: 14 }}>
        {formatDateTime(message.createtime)}
      </Typography.Text>
    </button>
  );
}

export function CustomerMessageFeed({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { message: toast } = useFeedback();
  const navigate = useNavigate();
  const { data, isPending, isError, refetch } = useMessageList();
  const markRead = useMarkRead();

  const go = (path: string) => {
    onNavigate();
    void navigate(path);
  };
  const unread = data?.unreadCount ?? 0;
  const items = data?.list.slice(0, DRAWER_MESSAGE_COUNT) ?? [];

  const markAllRead = () =>
    markRead.mutate(
      { all: true },
      {
        // The words are the catalogue's, which the frame does not load up front (ADR 0026).
        onSuccess: () => void loadConsoleCatalogue().then(() => toast.success(t('message.markedRead'))),
      },
    );

  return (
    <Flex vertical style={{ height: '100%' }}>
      <div style={{ flex: 1, overflowY: 'auto' }}>
        {isPending ? (
          <Skeleton active style={{ padding: 24 }} />
        ) : isError && !data ? (
          <LoadFailed
            title={t('message.loadFailed')}
            retryLabel={t('message.retry')}
            onRetry={() => void refetch()}
          />
        ) : items.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t('message.drawer.empty')}
            style={{ marginTop: 48 }}
          />
        ) : (
          items.map((m) => <FeedItem key={m.id} message={m} onOpen={() => go(messagePaths.detail(m.id))} />)
        )}
      </div>
      <Flex justify="space-between" align="center" className="nimbus-message-feed-footer">
        <Typography.Text type="secondary">
          {/* Unknown until the list has loaded: no "0 unread" beside a failure. */}
          {data && t('message.drawer.unreadCount', { count: unread })}
        </Typography.Text>
        <Flex gap={8}>
          <Button onClick={markAllRead} disabled={unread === 0} loading={markRead.isPending}>
            {t('message.drawer.markAllRead')}
          </Button>
          <Button type="primary" onClick={() => go(messagePaths.list)}>
            {t('message.drawer.viewMore')}
          </Button>
        </Flex>
      </Flex>
    </Flex>
  );
}
