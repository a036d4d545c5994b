import type { Certificate } from '@nimbus/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteCertificate, useRenewCertificate } from '@/features/certificates/hooks/useCertificates';
import { renewKind } from '@/features/certificates/lib/certificate-state';
import { useConfirm } from '@/shared/ui/confirm';
import { useFeedback } from '@/shared/feedback/feedback-context';

/** The name a certificate goes by in questions: its own, else its first domain. */
export const certificateLabel = (cert: Pick<Certificate, 'id' | 'name' | 'domains'>) =>
  cert.name || cert.domains[0] || `#${cert.id}`;

/**
 * Renew (a new ACME order now) and delete, each asked first. A refusal (sites still use it, the
 * CA is not configured) is toasted by the global handler; each call resolves true when it went through.
 */
export function useCertificateActions() {
  const { t } = useTranslation();
  const { modal, message } = useFeedback();
  const { confirmDelete } = useConfirm();
  const renew = useRenewCertificate();
  const remove = useDeleteCertificate();

  const confirmRenew = useCallback(
    (cert: Certificate): Promise<boolean> => {
      const kind = renewKind(cert.status);
      return new Promise((resolve) => {
        void modal.confirm({
          title: t(`certificates.renew.${kind}Title`, { name: certificateLabel(cert) }),
          content: t('certificates.renew.content'),
          okText: t(`certificates.action.${kind}`),
          cancelText: t('confirm.cancel'),
          onOk: async () => {
            try {
              await renew.mutateAsync(cert.id);
            } catch {
              resolve(false);
              return;
            }
            void message.success(t('certificate.applying'));
            resolve(true);
          },
          onCancel: () => {
            void message.info(t('confirm.canceled'));
            resolve(false);
          },
        });
      });
    },
    [modal, message, t, renew],
  );

  const confirmRemove = useCallback(
    (cert: Certificate) =>
      confirmDelete({
        title: t('certificates.delete.title', { name: certificateLabel(cert) }),
        content:
          cert.siteCount > 0
            ? t('certificates.delete.inUse', { n: cert.siteCount })
            : t('certificates.delete.content'),
        onOk: () => remove.mutateAsync(cert.id),
      }),
    [confirmDelete, remove, t],
  );

  return {
    confirmRenew,
    confirmRemove,
    renewingId: renew.isPending ? renew.variables : undefined,
  };
}
