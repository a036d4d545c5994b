import type { Site } from '@nimbus/contract';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { SiteTabForm } from '@/features/site-admin/components/SiteTabForm';
import { ListenPortsField } from '@/features/sites/components/ListenPortsField';
import { OriginSection } from '@/features/sites/components/OriginSection';
import { SITE_FIELD_LABEL_KEYS } from '@/features/sites/lib/field-labels';

/**
 * The origin-site table of spec §3 (back-to-source protocol, addresses, HTTP/HTTPS origin ports,
 * weight, main or spare) and the ports the site listens on; saved through the site update.
 * Load balancing and health checks are on the upstream tab, HTTPS ports on the advanced tab.
 */
export function OriginTab({ site }: { site: Site }) {
  const { t } = useTranslation();
  return (
    <SiteTabForm site={site} labelKeys={SITE_FIELD_LABEL_KEYS}>
      <Card size="small" title={t('sites.form.sectionOrigin')}>
        <OriginSection withBalance={false} />
      </Card>
      <Card size="small" title={t('sites.form.sectionListen')}>
        <ListenPortsField name="httpPorts" dependencies={['httpsPorts', 'httpsEnabled']} />
      </Card>
    </SiteTabForm>
  );
}
