import type { PurgeIgnored, PurgeTask, PurgeTaskState } from '@nimbus/contract';
import { Button, Flex, Popover, Progress, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const listStyle = {
  maxHeight: 320,
  maxWidth: 560,
  overflowY: 'auto',
  margin: 0,
  paddingInlineStart: 20,
} as const;

/** The first entry, and "+N more" opening the whole list. */
export function EntriesCell({ entries }: { entries: string[] }) {
  const { t } = useTranslation();
  const [first, ...rest] = entries;
  if (first === undefined) return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <Flex gap={8} align="center" onClick={(event) => event.stopPropagation()}>
      <Typography.Text ellipsis={{ tooltip: first }} style={{ maxWidth: 320 }}>
        {first}
      </Typography.Text>
      {rest.length > 0 && (
        <Popover
          trigger="click"
          title={t('cachePurge.task.allEntries', { count: entries.length })}
          content={
            <ol style={listStyle}>
              {entries.map((entry) => (
                <li key={entry} style={{ wordBreak: 'break-all' }}>
                  {entry}
                </li>
              ))}
            </ol>
          }
        >
          <Button type="link" size="small" style={{ padding: 0 }}>
            {t('cachePurge.task.more', { count: rest.length })}
          </Button>
        </Popover>
      )}
    </Flex>
  );
}

/** "3 ignored", opening each ignored entry with its reason. */
export function IgnoredCell({ ignored }: { ignored: PurgeIgnored[] }) {
  const { t } = useTranslation();
  if (ignored.length === 0) return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <span onClick={(event) => event.stopPropagation()}>
      <Popover
        trigger="click"
        title={t('cachePurge.task.ignoredTitle')}
        content={
          <ul style={listStyle}>
            {ignored.map(({ entry, reason }, i) => (
              <li key={`${i}-${entry}`} style={{ wordBreak: 'break-all' }}>
                {entry}{' '}
                <Typography.Text type="secondary">
                  — {t(`cachePurge.ignoredReason.${reason}`)}
                </Typography.Text>
              </li>
            ))}
          </ul>
        }
      >
        <Tag color="warning" style={{ cursor: 'pointer' }}>
          {t('cachePurge.task.ignored', { count: ignored.length })}
        </Tag>
      </Popover>
    </span>
  );
}

/** Nodes that answered out of all, as "2/3 nodes". */
export function TaskProgress({ task }: { task: PurgeTask }) {
  const { t } = useTranslation();
  const answered = task.nodeDone + task.nodeFailed;
  const percent = task.nodeTotal > 0 ? Math.round((answered / task.nodeTotal) * 100) : 100;
  const status = task.state === 'failed' ? 'exception' : task.state === 'done' ? 'success' : 'active';
  const text = t('cachePurge.task.progress', { answered, total: task.nodeTotal });
  return (
    <Flex vertical style={{ minWidth: 140 }}>
      <Progress percent={percent} status={status} size="small" showInfo={false} aria-label={text} />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {text}
      </Typography.Text>
    </Flex>
  );
}

const STATE_COLORS: Record<PurgeTaskState, string> = {
  running: 'processing',
  done: 'success',
  failed: 'error',
};

export function TaskStateTag({ state }: { state: PurgeTaskState }) {
  const { t } = useTranslation();
  return <Tag color={STATE_COLORS[state]}>{t(`cachePurge.state.${state}`)}</Tag>;
}
