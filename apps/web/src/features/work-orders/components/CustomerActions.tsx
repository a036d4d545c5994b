import { workOrderActions, type WorkOrderDetail as Detail } from '@nimbus/contract';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { workOrdersApi } from '@/features/work-orders/api/work-orders-api';
import { CloseWorkOrderModal } from '@/features/work-orders/components/CloseWorkOrderModal';
import { ReplyForm } from '@/features/work-orders/components/ReplyForm';
import { useWorkOrderChange } from '@/features/work-orders/hooks/useWorkOrders';
import { useFeedback } from '@/shared/feedback/feedback-context';

/** Closing, with the rating dialog; offered until the work order is closed. */
export function CloseWorkOrderButton({ detail }: { detail: Detail }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [closing, setClosing] = useState(false);
  const close = useWorkOrderChange('customer', workOrdersApi.close);
  if (!workOrderActions(detail.status).close) return null;
  return (
    <>
      <Button onClick={() => setClosing(true)}>{t('workOrders.close.open')}</Button>
      <CloseWorkOrderModal
        open={closing}
        pending={close.isPending}
        onCancel={() => setClosing(false)}
        onClose={async (values) => {
          await close.mutateAsync({ id: detail.id, ...values });
          setClosing(false);
          void message.success(t('workOrder.closed'));
        }}
      />
    </>
  );
}

/** What a customer can still add: a supplement while open, an appeal once completed. */
export function CustomerActions({ detail }: { detail: Detail }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const allowed = workOrderActions(detail.status);
  const reply = useWorkOrderChange('customer', (post: { content: string; images: File[] }) =>
    workOrdersApi.reply('customer', { id: detail.id, ...post }),
  );
  const appeal = useWorkOrderChange('customer', (post: { content: string; images: File[] }) =>
    workOrdersApi.appeal({ id: detail.id, ...post }),
  );
  return (
    <>
      {allowed.reply && (
        <ReplyForm
          label={t('workOrders.reply.supplement')}
          submitLabel={t('workOrders.reply.send')}
          pending={reply.isPending}
          onSubmit={async (post) => {
            await reply.mutateAsync(post);
            void message.success(t('workOrders.reply.sent'));
          }}
        />
      )}
      {allowed.appeal && (
        <>
          <Alert
            type="success"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('workOrders.completedNotice')}
          />
          <ReplyForm
            label={t('workOrders.reply.appeal')}
            submitLabel={t('workOrders.reply.appealSend')}
            pending={appeal.isPending}
            onSubmit={async (post) => {
              await appeal.mutateAsync(post);
              void message.success(t('workOrder.appealed'));
            }}
          />
        </>
      )}
    </>
  );
}
