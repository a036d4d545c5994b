import { ResultCode } from '@nimbus/contract';
import { Alert, Card, Divider, Empty, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MessageText } from '@/features/message/components/MessageText';
import { MessageTypeTag } from '@/features/message/components/MessageTypeTag';
import { useMessageDetail } from '@/features/message/hooks/useMessages';
import { ApiError } from '@/shared/api/client';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import { formatDateTime } from '@/shared/format/date-time';

/** The server answered "no such message" (deleted, or another customer's id), not a failed call. */
const isMissing = (error: unknown) =>
  error instanceof ApiError && error.code === ResultCode.notFound && error.httpStatus === undefined;

// The way back to the list is the breadcrumb's back button (the route's meta.back), not repeated here.
export function MessageDetail({ id }: { id: number | undefined }) {
  const { t } = useTranslation();
  const { data, isPending, error, refetch } = useMessageDetail(id);

  if (id === undefined) {
    return (
      <Card>
        <Alert type="warning" showIcon title={t('message.detail.missingId')} />
      </Card>
    );
  }

  return (
    <Card>
      {data ? (
        <article>
          <Typography.Title level={4} style={{ marginTop: 0 }}>
            {data.title}
          </Typography.Title>
          <Flex gap={8} align="center">
            <MessageTypeTag type={data.type} />
            <Typography.Text type="secondary">
              {t('message.detail.publishedAt', { time: formatDateTime(data.createtime) })}
            </Typography.Text>
          </Flex>
          <Divider />
          <MessageText content={data.content} />
        </article>
      ) : isPending ? (
        <Skeleton active />
      ) : isMissing(error) ? (
        <Empty description={t('message.detail.notFound')} />
      ) : (
        <LoadFailed
          title={t('message.detail.loadFailed')}
          retryLabel={t('message.retry')}
          onRetry={() => void refetch()}
        />
      )}
    </Card>
  );
}
