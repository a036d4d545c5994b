import type { EdgeLine, EdgeNode } from '@nimbus/contract';
import { Badge, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { configView, DEGRADED_REASON_KEYS, statusOf, timeAgo } from '@/features/edge-nodes/lib/node-state';
import { formatDateTime } from '@/shared/format/date-time';

const BADGE = { online: 'success', degraded: 'warning', offline: 'error' } as const;

/** The reason a degraded node gave, its detail, and since when. */
export function DegradedReason({ degraded }: { degraded: NonNullable<EdgeNode['degraded']> }) {
  const { t } = useTranslation();
  return (
    <>
      <div>{t(DEGRADED_REASON_KEYS[degraded.reason])}</div>
      {degraded.detail && (
        <div style={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{degraded.detail}</div>
      )}
      <div>{t('edgeNodes.degraded.since', { time: formatDateTime(degraded.since) })}</div>
    </>
  );
}

/**
 * Online/degraded/offline from the heartbeats; the tooltip says when the last one came and, for
 * a degraded node, why its agent says so.
 */
export function OnlineBadge({ node }: { node: Pick<EdgeNode, 'online' | 'lastHeartbeatAt' | 'degraded'> }) {
  const { t } = useTranslation();
  const status = statusOf(node);
  if (status === 'never' || node.lastHeartbeatAt === null)
    return (
      <Tooltip title={t('edgeNodes.status.neverHint')}>
        <Badge status="default" text={t('edgeNodes.status.never')} />
      </Tooltip>
    );
  const heartbeat = t('edgeNodes.status.lastHeartbeat', {
    ago: timeAgo(node.lastHeartbeatAt, t),
    time: formatDateTime(node.lastHeartbeatAt),
  });
  const hint =
    status === 'degraded' && node.degraded ? (
      <>
        <DegradedReason degraded={node.degraded} />
        <div>{heartbeat}</div>
      </>
    ) : (
      heartbeat
    );
  return (
    <Tooltip title={hint}>
      <Badge status={BADGE[status]} text={t(`edgeNodes.status.${status}`)} />
    </Tooltip>
  );
}

/** "v7 / v7 applied" green, "v6 → v7 pending" blue, "failed v7" red with nginx's error. */
export function ConfigStateTag({ node }: { node: EdgeNode }) {
  const { t } = useTranslation();
  const view = configView(node);
  const version = (v: number) => `v${v}`;
  switch (view.kind) {
    case 'none':
      return <Typography.Text type="secondary">{t('edgeNodes.config.none')}</Typography.Text>;
    case 'applied':
      return (
        <Tag color="success">
          {t('edgeNodes.config.applied', { applied: version(view.applied), latest: version(view.latest) })}
        </Tag>
      );
    case 'pending':
      // A node that runs nothing yet reads "No config yet" whether or not a version waits for it.
      return (
        <Tag color="processing">
          {view.applied > 0
            ? t('edgeNodes.config.pending', { applied: version(view.applied), latest: version(view.latest) })
            : t('edgeNodes.config.firstPending', { latest: version(view.latest) })}
        </Tag>
      );
    case 'failed':
      return (
        <Tooltip title={view.error || t('edgeNodes.config.noError')}>
          <Tag color="error">{t('edgeNodes.config.failed', { latest: version(view.latest) })}</Tag>
        </Tooltip>
      );
  }
}

export function LineTag({ line }: { line: EdgeLine }) {
  const { t } = useTranslation();
  return (
    <Tag color={line === 'main' ? 'blue' : 'orange'}>
      {line === 'main' ? t('edgeNodes.line.main') : t('edgeNodes.line.backup')}
    </Tag>
  );
}

export function EnabledTag({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  return enabled ? (
    <Tag color="success">{t('edgeNodes.enabledOn')}</Tag>
  ) : (
    <Tag>{t('edgeNodes.enabledOff')}</Tag>
  );
}
