import type { SiteBulkActionRequest } from '@nimbus/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteStatus } from '@/features/sites/hooks/useSites';
import { useFeedback } from '@/shared/feedback/feedback-context';

type Action = SiteBulkActionRequest['action'];

/**
 * Enable, disable and delete with the questions they deserve: disabling stops the site on every
 * node and deleting removes it from every node, so both are confirmed; with nothing selected the
 * bulk buttons only warn (spec §5). Each call resolves true when the change went through.
 */
export function useSiteActions() {
  const { t } = useTranslation();
  const { modal, message } = useFeedback();
  const status = useSiteStatus();

  const texts = useCallback(
    (action: Action, n: number, domain?: string) => {
      const title = {
        enable: domain ? t('sites.action.enableTitle', { domain }) : t('sites.action.enableTitleMany', { n }),
        disable: domain
          ? t('sites.action.disableTitle', { domain })
          : t('sites.action.disableTitleMany', { n }),
        delete: domain ? t('sites.action.deleteTitle', { domain }) : t('sites.action.deleteTitleMany', { n }),
      }[action];
      const content = {
        enable: t('sites.action.enableContent'),
        disable: t('sites.action.disableContent'),
        delete: t('sites.action.deleteContent'),
      }[action];
      const ok = {
        enable: t('sites.action.enable'),
        disable: t('sites.action.disable'),
        delete: t('sites.action.delete'),
      }[action];
      return { title, content, ok, done: action === 'delete' ? t('common.deleted') : t('common.ok') };
    },
    [t],
  );

  const run = useCallback(
    async (action: Action, ids: number[], done: string): Promise<boolean> => {
      try {
        await status.mutateAsync({ ids, action });
      } catch {
        return false; // the global handler has shown why
      }
      void message.success(done);
      return true;
    },
    [status, message],
  );

  /** Asks first; `domain` names a single site in the question. */
  const confirmAction = useCallback(
    (action: Action, ids: number[], domain?: string): Promise<boolean> => {
      if (ids.length === 0) {
        void message.warning(t('site.selectSites'));
        return Promise.resolve(false);
      }
      const text = texts(action, ids.length, domain);
      return new Promise((resolve) => {
        void modal.confirm({
          title: text.title,
          content: text.content,
          okText: text.ok,
          cancelText: t('confirm.cancel'),
          okButtonProps: { danger: action !== 'enable' },
          onOk: async () => resolve(await run(action, ids, text.done)),
          onCancel: () => {
            void message.info(t('confirm.canceled'));
            resolve(false);
          },
        });
      });
    },
    [modal, message, t, texts, run],
  );

  /** Turning one site back on needs no question. */
  const enableNow = useCallback((id: number) => run('enable', [id], t('common.ok')), [run, t]);

  return { confirmAction, enableNow, pendingIds: status.isPending ? status.variables.ids : [] };
}
