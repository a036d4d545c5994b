import { ArrowLeftOutlined } from '@ant-design/icons';
import { formatDateTime } from '@nimbus/contract';
import { Alert, Card, Divider, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MessageText } from '@/features/message/components/MessageText';
import { MessageTypeTag } from '@/features/message/components/MessageTypeTag';
import { messagePaths, useMessageDetail } from '@/features/message/hooks/useMessages';

/** `?id=` must be a positive integer; anything else is treated as missing. */
export function parseMessageId(raw: string | null): number | undefined {
  if (!raw || !/^\d+$/.test(raw)) return undefined;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

function BackLink() {
  const { t } = useTranslation();
  return (
    <Link to={messagePaths.list}>
      <ArrowLeftOutlined /> {t('message.detail.back')}
    </Link>
  );
}

export function MessageDetail({ id }: { id: number | undefined }) {
  const { t } = useTranslation();
  const { data, isPending, isError } = useMessageDetail(id);

  if (id === undefined) {
    return (
      <Card>
        <Flex vertical gap={16}>
          <Alert type="warning" showIcon title={t('message.detail.missingId')} />
          <BackLink />
        </Flex>
      </Card>
    );
  }

  return (
    <Card title={<BackLink />}>
      {isPending ? (
        <Skeleton active />
      ) : isError || !data ? (
        // The global handler already showed why (e.g. not found); the page only offers the way back.
        <Typography.Text type="secondary">{t('common.notFound')}</Typography.Text>
      ) : (
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
      )}
    </Card>
  );
}
