import { SyncOutlined } from '@ant-design/icons';
import type { SiteConfigState } from '@nimbus/contract';
import { Flex, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { configStateKinds } from '@/features/config-state/lib/config-state';

function Failures({ state }: { state: SiteConfigState }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={4}>
      <span>{t('configState.failuresTitle')}</span>
      {state.failures.map((f) => (
        <span key={f.node}>
          <Typography.Text strong style={{ color: 'inherit' }}>
            {f.node}
          </Typography.Text>
          {/* '' is a refusal of the whole version: its error is about the node, not this item. */}
          {`: ${f.error || t('configState.nodeRefused')}`}
        </span>
      ))}
    </Flex>
  );
}

/**
 * "Saved" is not "applied": how many of the group's nodes run the latest change of a site or
 * a forwarding rule, with each refusing node's nginx error on hover.
 */
export function ConfigStateTags({ state }: { state: SiteConfigState }) {
  const { t } = useTranslation();
  const { total } = state;
  return (
    <Flex gap={4} wrap>
      {configStateKinds(state).map((kind) => {
        switch (kind) {
          case 'noNodes':
            return (
              <Tooltip key={kind} title={t('configState.noNodesHint')}>
                <Tag color="warning">{t('configState.noNodes')}</Tag>
              </Tooltip>
            );
          case 'failed':
            return (
              <Tooltip key={kind} title={<Failures state={state} />}>
                <Tag color="error">{t('configState.failed', { n: state.failed, total })}</Tag>
              </Tooltip>
            );
          case 'pending':
            return (
              <Tooltip key={kind} title={t('configState.pendingHint')}>
                <Tag color="processing" icon={<SyncOutlined spin />}>
                  {/* The nodes done so far, never the ones still working: "2/2" must mean finished. */}
                  {t('configState.pending', { n: state.applied, total })}
                </Tag>
              </Tooltip>
            );
          default:
            return (
              <Tag key={kind} color="success">
                {t('configState.applied', { n: state.applied, total })}
              </Tag>
            );
        }
      })}
    </Flex>
  );
}
