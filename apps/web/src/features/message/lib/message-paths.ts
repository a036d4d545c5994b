import { customerPath } from '@/features/layout/lib/customer-path';

/** Where a customer console routes its message list and detail (the server menu's message views). */
export function messagePathsFor(product: 'cdn' | 'dns') {
  const list = customerPath(product, '/message');
  return { list, detail: (id: number) => `${list}/detail?id=${id}` };
}
