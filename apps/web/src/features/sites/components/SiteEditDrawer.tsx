import type { Site } from '@nimbus/contract';
import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { SiteForm } from '@/features/sites/components/SiteForm';

/** The add form, prefilled with a saved site, in a drawer over the list. */
export function SiteEditDrawer({ site, onClose }: { site: Site | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={site !== undefined}
      title={site ? t('sites.edit.title', { domain: site.domain }) : undefined}
      size={880}
      onClose={onClose}
      destroyOnHidden
    >
      {site && <SiteForm key={site.id} site={site} onSaved={onClose} onCancel={onClose} />}
    </Drawer>
  );
}
