import type { Certificate } from '@nimbus/contract';

/** How a certificate came: uploaded, issued free over ACME, or bought (a product's, over ACME). */
export const sourceOf = (cert: Pick<Certificate, 'source' | 'productId'>): 'upload' | 'acme' | 'bought' =>
  cert.source === 'acme' && cert.productId !== null ? 'bought' : cert.source;
