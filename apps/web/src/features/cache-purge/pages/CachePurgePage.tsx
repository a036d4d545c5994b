import { CachePurgePanel } from '@/features/cache-purge/components/CachePurgePanel';

/** Customer: cache purge and preheat (`/cdn/site/cache-clear`). */
export function CachePurgePage() {
  return <CachePurgePanel />;
}
