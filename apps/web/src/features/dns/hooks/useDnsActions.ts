import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { DnsAction } from '@/features/dns/api/dns-api';
import { useRecordStatus, useZoneStatus } from '@/features/dns/hooks/useDns';
import { useFeedback } from '@/shared/feedback/feedback-context';

type Kind = 'zone' | 'record';

/**
 * Enable, disable and delete with the questions they deserve: a paused domain or record stops
 * answering at once, and deleting a domain deletes its records too, so these are confirmed, as
 * is any bulk action; with nothing selected the bulk buttons only warn. Each call resolves true
 * when the change went through.
 */
function useActions(kind: Kind, send: (ids: number[], action: DnsAction) => Promise<unknown>) {
  const { t } = useTranslation();
  const { modal, message } = useFeedback();

  const run = useCallback(
    async (action: DnsAction, ids: number[]): Promise<boolean> => {
      try {
        await send(ids, action);
      } catch {
        return false; // the global handler has shown why
      }
      void message.success(action === 'delete' ? t('common.deleted') : t('common.ok'));
      return true;
    },
    [send, message, t],
  );

  /** Asks first; `label` names a single domain or record in the question. */
  const confirmAction = useCallback(
    (action: DnsAction, ids: number[], label?: string): Promise<boolean> => {
      if (ids.length === 0) {
        void message.warning(t(`dns.${kind}Action.selectFirst`));
        return Promise.resolve(false);
      }
      const title = label
        ? t(`dns.${kind}Action.${action}Title`, { name: label })
        : t(`dns.${kind}Action.${action}TitleMany`, { n: ids.length });
      return new Promise((resolve) => {
        void modal.confirm({
          title,
          content: t(`dns.${kind}Action.${action}Content`),
          okText: t(`dns.action.${action}`),
          cancelText: t('confirm.cancel'),
          okButtonProps: { danger: action !== 'enable' },
          onOk: async () => resolve(await run(action, ids)),
          onCancel: () => {
            void message.info(t('confirm.canceled'));
            resolve(false);
          },
        });
      });
    },
    [kind, modal, message, t, run],
  );

  /** Turning one back on needs no question. */
  const enableNow = useCallback((id: number) => run('enable', [id]), [run]);

  return { confirmAction, enableNow };
}

export function useZoneActions() {
  const status = useZoneStatus();
  const { mutateAsync } = status;
  const send = useCallback((ids: number[], action: DnsAction) => mutateAsync({ ids, action }), [mutateAsync]);
  return { ...useActions('zone', send), pendingIds: status.isPending ? status.variables.ids : [] };
}

export function useRecordActions(zoneId: number) {
  const status = useRecordStatus();
  const { mutateAsync } = status;
  const send = useCallback(
    (ids: number[], action: DnsAction) => mutateAsync({ zoneId, ids, action }),
    [mutateAsync, zoneId],
  );
  return { ...useActions('record', send), pendingIds: status.isPending ? status.variables.ids : [] };
}
