import { SyncOutlined } from '@ant-design/icons';
import type { SiteConfigState } from '@nimbus/contract';
import { Flex, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { configStateKinds } from '@/features/sites/lib/config-state';

function Failures({ state }: { state: SiteConfigState }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={4}>
      <span>{t('sites.config.failuresTitle')}</span>
      {state.failures.map((f) => (
        <span key={f.node}>
          <Typography.Text strong style={{ color: 'inherit' }}>
            {f.node}
          </Typography.Text>
          {`: ${f.error}`}
        </span>
      ))}
    </Flex>
  );
}

/** "Saved" is not "applied": how many of the group's nodes serve the latest change (spec, data plane). */
export function ConfigStateTags({ state }: { state: SiteConfigState }) {
  const { t } = useTranslation();
  const { total } = state;
  return (
    <Flex gap={4} wrap>
      {configStateKinds(state).map((kind) => {
        switch (kind) {
          case 'noNodes':
            return (
              <Tooltip key={kind} title={t('sites.config.noNodesHint')}>
                <Tag color="warning">{t('sites.config.noNodes')}</Tag>
              </Tooltip>
            );
          case 'failed':
            return (
              <Tooltip key={kind} title={<Failures state={state} />}>
                <Tag color="error">{t('sites.config.failed', { n: state.failed, total })}</Tag>
              </Tooltip>
            );
          case 'pending':
            return (
              <Tooltip key={kind} title={t('sites.config.pendingHint')}>
                <Tag color="processing" icon={<SyncOutlined spin />}>
                  {t('sites.config.pending', { n: state.pending, total })}
                </Tag>
              </Tooltip>
            );
          default:
            return (
              <Tag key={kind} color="success">
                {t('sites.config.applied', { n: state.applied, total })}
              </Tag>
            );
        }
      })}
    </Flex>
  );
}
