import { workOrderActions, type WorkOrderDetail } from '@nimbus/contract';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { workOrdersApi } from '@/features/work-orders/api/work-orders-api';
import { ReplyForm } from '@/features/work-orders/components/ReplyForm';
import { useWorkOrderChange } from '@/features/work-orders/hooks/useWorkOrders';
import { useCurrentUser } from '@/shared/auth/useCurrentUser';
import { useFeedback } from '@/shared/feedback/feedback-context';

/** An admin takes or releases a work order, and completes it (the customer gets a letter). */
export function AdminToolbar({ detail }: { detail: WorkOrderDetail }) {
  const { t } = useTranslation();
  const { modal, message } = useFeedback();
  const current = useCurrentUser().data;
  const me = current?.side === 'admin' ? current.user.id : undefined;
  const allowed = workOrderActions(detail.status);
  const assign = useWorkOrderChange('admin', (adminId: number | null) =>
    workOrdersApi.assign(detail.id, adminId),
  );
  const complete = useWorkOrderChange('admin', () => workOrdersApi.complete(detail.id));
  const mine = me !== undefined && detail.assigneeId === me;
  if (!allowed.close) return null;

  const confirmComplete = () =>
    modal.confirm({
      title: t('workOrders.complete.title'),
      content: t('workOrders.complete.content'),
      okText: t('workOrders.complete.ok'),
      cancelText: t('confirm.cancel'),
      onOk: async () => {
        await complete.mutateAsync(undefined);
        void message.success(t('workOrders.complete.done'));
      },
    });

  return (
    <>
      <Button loading={assign.isPending} onClick={() => assign.mutate(mine ? null : (me ?? null))}>
        {t(mine ? 'workOrders.assign.release' : 'workOrders.assign.take')}
      </Button>
      {allowed.complete && (
        <Button type="primary" onClick={confirmComplete}>
          {t('workOrders.complete.open')}
        </Button>
      )}
    </>
  );
}

/** An admin's answer: the customer gets a letter (type 3) and an e-mail when it is on. */
export function AdminReply({ detail }: { detail: WorkOrderDetail }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const reply = useWorkOrderChange('admin', (post: { content: string; images: File[] }) =>
    workOrdersApi.reply('admin', { id: detail.id, ...post }),
  );
  if (!workOrderActions(detail.status).adminReply) return null;
  return (
    <ReplyForm
      label={t('workOrders.reply.answer')}
      submitLabel={t('workOrders.reply.send')}
      pending={reply.isPending}
      onSubmit={async (post) => {
        await reply.mutateAsync(post);
        void message.success(t('workOrders.reply.sent'));
      }}
    />
  );
}
