import { SyncOutlined } from '@ant-design/icons';
import type { StreamRule } from '@nimbus/contract';
import { Flex, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { configStateKinds } from '@/features/sites/lib/config-state';

type ConfigState = StreamRule['config'];

function Failures({ state }: { state: ConfigState }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={4}>
      <span>{t('stream.config.failuresTitle')}</span>
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

/** "Saved" is not "applied": how many nodes of the group forward with the rule's latest change. */
export function StreamConfigState({ state }: { state: ConfigState }) {
  const { t } = useTranslation();
  const { total } = state;
  return (
    <Flex gap={4} wrap>
      {configStateKinds(state).map((kind) => {
        switch (kind) {
          case 'noNodes':
            return (
              <Tooltip key={kind} title={t('stream.config.noNodesHint')}>
                <Tag color="warning">{t('stream.config.noNodes')}</Tag>
              </Tooltip>
            );
          case 'failed':
            return (
              <Tooltip key={kind} title={<Failures state={state} />}>
                <Tag color="error">{t('stream.config.failed', { n: state.failed, total })}</Tag>
              </Tooltip>
            );
          case 'pending':
            return (
              <Tooltip key={kind} title={t('stream.config.pendingHint')}>
                <Tag color="processing" icon={<SyncOutlined spin />}>
                  {t('stream.config.pending', { n: state.pending, total })}
                </Tag>
              </Tooltip>
            );
          default:
            return (
              <Tag key={kind} color="success">
                {t('stream.config.applied', { n: state.applied, total })}
              </Tag>
            );
        }
      })}
    </Flex>
  );
}
