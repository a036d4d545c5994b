import { useSearchParams } from 'react-router';
import { SiteAdmin } from '@/features/site-admin/components/SiteAdmin';
import { positiveId } from '@/shared/url/positive-id';

/** Route `/cdn/site/domain/admin?id=&tab=`: one site's settings, a tab per concern (spec §2). */
export function SiteAdminPage() {
  const [params] = useSearchParams();
  return <SiteAdmin id={positiveId(params.get('id'))} />;
}
