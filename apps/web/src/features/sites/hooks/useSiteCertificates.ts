import type { CertificateListRequest } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { certificateKeys, certificatesApi } from '@/features/certificates/api/certificates-api';

/** The list API's largest page: a customer's certificates for the site form to choose from. */
export const SITE_CERTIFICATES_REQUEST: CertificateListRequest = { page: 1, limit: 200 };

/**
 * The customer's certificates, under the certificates screen's own keys: one uploaded, applied
 * for or deleted there is offered (or not) here next time the form opens.
 */
export function useSiteCertificates() {
  return useQuery({
    queryKey: certificateKeys.list(SITE_CERTIFICATES_REQUEST),
    queryFn: ({ signal }) => certificatesApi.list(SITE_CERTIFICATES_REQUEST, signal),
  });
}
