import type { EdgeNode, EdgeNodeSaved } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import {
  useDeleteEdgeNode,
  useRotateNodeToken,
  useSaveEdgeNode,
} from '@/features/edge-nodes/hooks/useEdgeNodes';
import { saveRequestOf } from '@/features/edge-nodes/lib/node-state';
import { useConfirm } from '@/shared/ui/confirm';
import { useFeedback } from '@/shared/feedback/feedback-context';

/** The row actions of the node list: enable/disable, rotate the token, delete (each confirmed where it bites). */
export function useNodeActions({ onRotated }: { onRotated: (saved: EdgeNodeSaved) => void }) {
  const { t } = useTranslation();
  const { modal, message } = useFeedback();
  const { confirmDelete } = useConfirm();
  const save = useSaveEdgeNode();
  const rotate = useRotateNodeToken();
  const remove = useDeleteEdgeNode();

  const setEnabled = (node: EdgeNode, enabled: boolean) =>
    save
      .mutateAsync({ ...saveRequestOf(node), enabled })
      .then(() => void message.success(enabled ? t('edgeNodes.enabledDone') : t('edgeNodes.disabledDone')));

  const toggle = (node: EdgeNode) => {
    if (!node.enabled) {
      void setEnabled(node, true).catch(() => undefined);
      return;
    }
    void modal.confirm({
      title: t('edgeNodes.disableTitle', { name: node.name }),
      content: t('edgeNodes.disableContent'),
      okText: t('edgeNodes.disable'),
      cancelText: t('confirm.cancel'),
      okButtonProps: { danger: true },
      // A failure is toasted by the global handler; the dialog just closes.
      onOk: () => setEnabled(node, false).catch(() => undefined),
    });
  };

  const rotateToken = (node: EdgeNode) =>
    modal.confirm({
      title: t('edgeNodes.rotateTitle', { name: node.name }),
      content: t('edgeNodes.rotateContent'),
      okText: t('edgeNodes.rotate'),
      cancelText: t('confirm.cancel'),
      okButtonProps: { danger: true },
      onOk: () =>
        rotate
          .mutateAsync(node.id)
          .then((saved) => {
            void message.success(t('edge.tokenRotated'));
            onRotated(saved);
          })
          .catch(() => undefined),
    });

  const deleteNode = (node: EdgeNode) =>
    void confirmDelete({
      title: t('edgeNodes.deleteTitle', { name: node.name }),
      content: t('edgeNodes.deleteContent'),
      onOk: () => remove.mutateAsync(node.id),
    });

  return {
    toggle,
    rotateToken,
    deleteNode,
    togglingId: save.isPending ? save.variables?.id : undefined,
  };
}
