import {
  CERTIFICATE_PATHS,
  SITE_PATHS,
  type Certificate,
  type CertificateApplyRequest,
  type CertificateListRequest,
  type CertificateUploadRequest,
  type Order,
  type Page,
  type Site,
  SSL_ORDER_PATHS,
  type SslBuyRequest,
  type SslRenewOrderRequest,
} from '@nimbus/contract';
import { api } from '@/shared/api/client';

/** How many enabled sites the apply dialog offers (the list API's largest page). */
export const SITE_DOMAINS_LIMIT = 200;

export const certificateKeys = {
  all: ['certificates'] as const,
  list: (request: CertificateListRequest) => [...certificateKeys.all, 'list', request] as const,
  siteDomains: ['certificates', 'site-domains'] as const,
};

export const certificatesApi = {
  list: (body: CertificateListRequest, signal?: AbortSignal) =>
    api.post<Page<Certificate>>(CERTIFICATE_PATHS.list, body, signal),
  /** Checked on the server (parse, key match, expiry, coverage); its refusal names the reason. */
  upload: (body: CertificateUploadRequest) => api.post<Certificate>(CERTIFICATE_PATHS.upload, body),
  /** Starts an ACME order: the answer is the certificate in `applying`. */
  apply: (body: CertificateApplyRequest) => api.post<Certificate>(CERTIFICATE_PATHS.apply, body),
  renew: (id: number) => api.post<Certificate>(CERTIFICATE_PATHS.renew, { id }),
  /** An order for a certificate product: unpaid (pay it), or paid at once when free. */
  buy: (body: SslBuyRequest) => api.post<Order>(SSL_ORDER_PATHS.buy, body),
  /** An order extending a bought certificate's paid period. */
  renewOrder: (body: SslRenewOrderRequest) => api.post<Order>(SSL_ORDER_PATHS.renewOrder, body),
  /** Refused while a site serves it ('certificate.inUse'). */
  remove: (id: number) => api.post<unknown>(CERTIFICATE_PATHS.delete, { id }),
  /** The customer's enabled sites' domains, the only ones a free certificate may cover. */
  siteDomains: async (signal?: AbortSignal) => {
    const page = await api.post<Page<Site>>(
      SITE_PATHS.list,
      { page: 1, limit: SITE_DOMAINS_LIMIT, status: 'enabled', sidx: 'domain', order: 'asc' },
      signal,
    );
    return page.list.map((site) => site.domain);
  },
};
