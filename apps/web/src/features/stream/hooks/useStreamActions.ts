import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { StreamAction } from '@/features/stream/api/stream-api';
import { useStreamStatus } from '@/features/stream/hooks/useStreams';
import { useFeedback } from '@/shared/feedback/feedback-context';

/**
 * Enable, disable and delete with the questions they deserve: disabling closes the port on every
 * node and deleting removes the rule, so both are confirmed, as is any bulk action; with nothing
 * selected the bulk buttons only warn. Each call resolves true when the change went through.
 */
export function useStreamActions() {
  const { t } = useTranslation();
  const { modal, message } = useFeedback();
  const status = useStreamStatus();

  const run = useCallback(
    async (action: StreamAction, ids: number[]): Promise<boolean> => {
      try {
        await status.mutateAsync({ ids, action });
      } catch {
        return false; // the global handler has shown why
      }
      void message.success(action === 'delete' ? t('common.deleted') : t('common.ok'));
      return true;
    },
    [status, message, t],
  );

  /** Asks first; `label` names a single rule in the question. */
  const confirmAction = useCallback(
    (action: StreamAction, ids: number[], label?: string): Promise<boolean> => {
      if (ids.length === 0) {
        void message.warning(t('stream.bulkBar.selectFirst'));
        return Promise.resolve(false);
      }
      const n = ids.length;
      const text = {
        enable: {
          title: label
            ? t('stream.action.enableTitle', { name: label })
            : t('stream.action.enableTitleMany', { n }),
          content: t('stream.action.enableContent'),
          ok: t('stream.action.enable'),
        },
        disable: {
          title: label
            ? t('stream.action.disableTitle', { name: label })
            : t('stream.action.disableTitleMany', { n }),
          content: t('stream.action.disableContent'),
          ok: t('stream.action.disable'),
        },
        delete: {
          title: label
            ? t('stream.action.deleteTitle', { name: label })
            : t('stream.action.deleteTitleMany', { n }),
          content: t('stream.action.deleteContent'),
          ok: t('stream.action.delete'),
        },
      }[action];
      return new Promise((resolve) => {
        void modal.confirm({
          title: text.title,
          content: text.content,
          okText: text.ok,
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
    [modal, message, t, run],
  );

  /** Turning one rule back on needs no question. */
  const enableNow = useCallback((id: number) => run('enable', [id]), [run]);

  return { confirmAction, enableNow, pendingIds: status.isPending ? status.variables.ids : [] };
}
