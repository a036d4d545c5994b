import type { WorkOrderPost } from '@nimbus/contract';
import { Flex, Image, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WorkOrderSide } from '@/features/work-orders/api/work-orders-api';
import { WorkOrderImage } from '@/features/work-orders/components/WorkOrderImage';
import { formatDateTime } from '@/shared/format/date-time';

/** The description and every reply, oldest first, each with its images. */
export function WorkOrderConversation({ side, posts }: { side: WorkOrderSide; posts: WorkOrderPost[] }) {
  const { t } = useTranslation();
  return (
    <Timeline
      items={posts.map((post) => ({
        key: post.id,
        color: post.author === 'admin' ? 'blue' : 'gray',
        content: (
          <article aria-label={t(`workOrders.post.${post.kind}`)}>
            <Flex gap={8} align="center" wrap>
              <Typography.Text strong>
                {post.author === 'admin'
                  ? t('workOrders.post.support', { name: post.authorName })
                  : post.authorName}
              </Typography.Text>
              {post.kind !== 'reply' && <Tag>{t(`workOrders.post.${post.kind}`)}</Tag>}
              <Typography.Text type="secondary">{formatDateTime(post.createtime)}</Typography.Text>
            </Flex>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: '8px 0' }}>
              {post.content}
            </Typography.Paragraph>
            {post.images.length > 0 && (
              <Image.PreviewGroup>
                <Flex gap={8} wrap>
                  {post.images.map((image) => (
                    <WorkOrderImage key={image.id} side={side} image={image} />
                  ))}
                </Flex>
              </Image.PreviewGroup>
            )}
          </article>
        ),
      }))}
    />
  );
}
