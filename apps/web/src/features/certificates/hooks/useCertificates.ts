import type {
  CertificateApplyRequest,
  CertificateListRequest,
  CertificateUploadRequest,
} from '@nimbus/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { certificateKeys, certificatesApi } from '@/features/certificates/api/certificates-api';
import { APPLYING_REFETCH_MS, hasApplying } from '@/features/certificates/lib/certificate-state';

/** The certificate list; while an order on the page is still with its CA it is asked again every 3 s. */
export function useCertificateList(request: CertificateListRequest) {
  return useQuery({
    queryKey: certificateKeys.list(request),
    queryFn: ({ signal }) => certificatesApi.list(request, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data && hasApplying(query.state.data.list) ? APPLYING_REFETCH_MS : false,
  });
}

/** Enabled sites' domains for the apply dialog, loaded when it opens. */
export function useSiteDomains(enabled: boolean) {
  return useQuery({
    queryKey: certificateKeys.siteDomains,
    queryFn: ({ signal }) => certificatesApi.siteDomains(signal),
    enabled,
  });
}

function useCertificateMutation<T, R>(mutationFn: (body: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...certificateKeys.all, 'list'] }),
  });
}

export const useUploadCertificate = () =>
  useCertificateMutation((body: CertificateUploadRequest) => certificatesApi.upload(body));
export const useApplyCertificate = () =>
  useCertificateMutation((body: CertificateApplyRequest) => certificatesApi.apply(body));
export const useRenewCertificate = () => useCertificateMutation((id: number) => certificatesApi.renew(id));
export const useDeleteCertificate = () => useCertificateMutation((id: number) => certificatesApi.remove(id));
