import type { NodeProbeView } from '@nimbus/contract';
import { Flex, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/shared/format/date-time';

/** Each probe's latest look: which ports failed from where and when (stale views are not counted). */
export function ProbeViews({ views }: { views: readonly NodeProbeView[] }) {
  const { t } = useTranslation();
  if (!views.length) return <span>{t('nodeMonitor.probes.none')}</span>;
  return (
    <Flex vertical gap={2}>
      {views.map((view) => {
        const failed = view.failedPorts.length > 0;
        const text = failed
          ? t('nodeMonitor.probes.failed', { probe: view.probe, ports: view.failedPorts.join('|') })
          : t('nodeMonitor.probes.ok', { probe: view.probe, ports: view.ports.join('|') });
        return (
          <Tooltip
            key={view.probe}
            title={`${formatDateTime(view.checkedAt)}${view.stale ? ` · ${t('nodeMonitor.probes.stale')}` : ''}`}
          >
            <Tag color={view.stale ? 'default' : failed ? 'error' : 'success'}>{text}</Tag>
          </Tooltip>
        );
      })}
    </Flex>
  );
}
