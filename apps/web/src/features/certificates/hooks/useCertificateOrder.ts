import type { Order } from '@nimbus/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { certificateKeys } from '@/features/certificates/api/certificates-api';
import { payOrderRoute } from '@/features/plans/lib/routes';
import { useFeedback } from '@/shared/feedback/feedback-context';

/**
 * Places a certificate order (purchase or renewal). A paid one takes the customer to pay it,
 * the same page as a plan's; a free one is fulfilled at once, so the list shows the certificate.
 */
export function useCertificateOrder<T>(place: (body: T) => Promise<Order>, onDone: () => void) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: place,
    onSuccess: async (order) => {
      if (order.state !== 'paid') return void navigate(payOrderRoute(order.serialNumber));
      await queryClient.invalidateQueries({ queryKey: [...certificateKeys.all, 'list'] });
      void message.success(t('certificates.buy.freeDone'));
      onDone();
    },
  });
}
