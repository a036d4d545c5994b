import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '@/shared/feedback/feedback-context';

export interface ConfirmDeleteOptions {
  /** Defaults to "Delete?"; pass the thing's name for a clearer question. */
  title?: string;
  content?: string;
  /**
   * Does the deletion. Use a mutation (`mutateAsync`): its failure is already toasted by the
   * global handler, so a rejection here only keeps the success toast from showing.
   */
  onOk: () => Promise<unknown>;
  /** Defaults to the catalogue's "Deleted successfully"; pass false to stay quiet. */
  successMessage?: string | false;
}

/**
 * Delete confirmations with the app's modal and toasts (they follow the theme and language).
 * Each call resolves true when the deletion ran and succeeded, false when cancelled or failed.
 */
export function useConfirm() {
  const { modal, message } = useFeedback();
  const { t } = useTranslation();

  const confirmDelete = useCallback(
    ({ title, content, onOk, successMessage }: ConfirmDeleteOptions): Promise<boolean> =>
      new Promise((resolve) => {
        void modal.confirm({
          title: title ?? t('confirm.deleteTitle'),
          content: content ?? t('confirm.deleteContent'),
          okText: t('confirm.ok'),
          cancelText: t('confirm.cancel'),
          okButtonProps: { danger: true },
          onOk: async () => {
            try {
              await onOk();
            } catch {
              resolve(false);
              return;
            }
            if (successMessage !== false) void message.success(successMessage ?? t('common.deleted'));
            resolve(true);
          },
          onCancel: () => {
            void message.info(t('confirm.canceled'));
            resolve(false);
          },
        });
      }),
    [modal, message, t],
  );

  /** Batch delete: with nothing selected it only warns; otherwise asks about the count. */
  const confirmBatchDelete = useCallback(
    (selected: readonly unknown[], options: Omit<ConfirmDeleteOptions, 'content'>): Promise<boolean> => {
      if (selected.length === 0) {
        void message.warning(t('confirm.selectFirst'));
        return Promise.resolve(false);
      }
      return confirmDelete({ ...options, content: t('confirm.batchContent', { count: selected.length }) });
    },
    [confirmDelete, message, t],
  );

  return { confirmDelete, confirmBatchDelete };
}
