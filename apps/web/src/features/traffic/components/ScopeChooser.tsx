import { Segmented, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { SiteGroupSelect } from '@/features/sites/components/SiteGroupSelect';
import { KnobLabel } from '@/features/traffic/components/KnobLabel';
import { TrafficSiteSelect } from '@/features/traffic/components/TrafficSiteSelect';
import type { Scope, ScopeKind } from '@/features/traffic/lib/traffic-scope';

const KINDS: ScopeKind[] = ['all', 'site', 'group'];

/** All sites, one site or one site group. */
export function ScopeChooser({ value, onChange }: { value: Scope; onChange: (scope: Scope) => void }) {
  const { t } = useTranslation();
  return (
    <Space wrap>
      <KnobLabel label={t('traffic.scope.label')} help={t('traffic.scope.help')}>
        <Segmented<ScopeKind>
          aria-label={t('traffic.scope.label')}
          value={value.kind}
          onChange={(kind) => onChange({ kind })}
          options={KINDS.map((kind) => ({ value: kind, label: t(`traffic.scope.${kind}`) }))}
        />
      </KnobLabel>
      {value.kind === 'site' && (
        <TrafficSiteSelect<number>
          aria-label={t('traffic.scope.siteLabel')}
          value={value.siteId}
          onChange={(siteId) => onChange({ kind: 'site', siteId })}
        />
      )}
      {value.kind === 'group' && (
        <SiteGroupSelect
          aria-label={t('traffic.scope.groupLabel')}
          placeholder={t('traffic.scope.groupPlaceholder')}
          style={{ minWidth: 200 }}
          value={value.groupId}
          onChange={(groupId?: number) => onChange({ kind: 'group', groupId })}
        />
      )}
    </Space>
  );
}
