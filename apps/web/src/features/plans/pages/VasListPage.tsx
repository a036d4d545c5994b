import { VasList } from '@/features/plans/components/VasList';

/** Customer route `/cdn/plan/vas/list`. */
export function VasListPage() {
  return <VasList />;
}
