import { ResultCode, WORK_ORDER_STATUS, type WorkOrderDetail as Detail } from '@nimbus/contract';
import { Alert, Card, Descriptions, Divider, Empty, Rate, Skeleton, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkOrderSide } from '@/features/work-orders/api/work-orders-api';
import { WorkOrderConversation } from '@/features/work-orders/components/WorkOrderConversation';
import { WorkOrderStatusTag } from '@/features/work-orders/components/WorkOrderStatusTag';
import { useWorkOrderDetail } from '@/features/work-orders/hooks/useWorkOrders';
import { ApiError } from '@/shared/api/client';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import { formatDateTime } from '@/shared/format/date-time';

const isMissing = (error: unknown) =>
  error instanceof ApiError && error.code === ResultCode.notFound && error.httpStatus === undefined;

/** A work order with its conversation; `actions` are what this console may do with it. */
export function WorkOrderDetail({
  side,
  id,
  toolbar,
  actions,
}: {
  side: WorkOrderSide;
  id: number | undefined;
  /** Buttons beside the status (close, assign, complete). */
  toolbar: (detail: Detail) => ReactNode;
  /** Forms under the conversation (reply, appeal). */
  actions: (detail: Detail) => ReactNode;
}) {
  const { t } = useTranslation();
  const { data, isPending, error, refetch } = useWorkOrderDetail(side, id);

  if (id === undefined)
    return (
      <Card>
        <Alert type="warning" showIcon title={t('workOrders.missingId')} />
      </Card>
    );
  if (!data)
    return (
      <Card>
        {isPending ? (
          <Skeleton active />
        ) : isMissing(error) ? (
          <Empty description={t('workOrders.notFound')} />
        ) : (
          <LoadFailed
            title={t('workOrders.detailFailed')}
            retryLabel={t('workOrders.retry')}
            onRetry={() => void refetch()}
          />
        )}
      </Card>
    );

  return (
    <Card
      title={data.title}
      extra={
        <Space>
          <WorkOrderStatusTag status={data.status} />
          {toolbar(data)}
        </Space>
      }
    >
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2, xl: 3 }}
        items={[
          { key: 'number', label: t('workOrders.column.number'), children: data.number },
          {
            key: 'category',
            label: t('workOrders.column.category'),
            children: t(`workOrders.category.${data.category}.title`),
          },
          ...(data.siteDomain
            ? [{ key: 'site', label: t('workOrders.form.site'), children: data.siteDomain }]
            : []),
          ...(side === 'admin'
            ? [{ key: 'customer', label: t('workOrders.column.customer'), children: data.username }]
            : []),
          { key: 'contact', label: t('workOrders.form.contact'), children: data.contact },
          {
            key: 'assignee',
            label: t('workOrders.column.assignee'),
            children: data.assignee ?? t('workOrders.unassigned'),
          },
          {
            key: 'created',
            label: t('workOrders.column.created'),
            children: formatDateTime(data.createtime),
          },
        ]}
      />
      {data.status === WORK_ORDER_STATUS.closed && (
        <Alert
          style={{ marginTop: 16 }}
          type="info"
          showIcon
          title={t('workOrders.closedNotice')}
          description={
            <Space direction="vertical" size={0}>
              <span>
                {t('workOrders.close.rating')}: <Rate disabled value={data.rating ?? 0} />
              </span>
              <span>
                {t('workOrders.close.resolved')}:{' '}
                {t(data.resolved ? 'workOrders.close.yes' : 'workOrders.close.no')}
              </span>
              {data.feedback && (
                <span>
                  {t('workOrders.close.feedback')}: {data.feedback}
                </span>
              )}
            </Space>
          }
        />
      )}
      <Divider titlePlacement="start">{t('workOrders.conversation')}</Divider>
      <WorkOrderConversation side={side} posts={data.posts} />
      {actions(data)}
    </Card>
  );
}
