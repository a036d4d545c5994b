import { PURGE_KINDS, PURGE_LIMITS, type PurgeKind, type PurgeTask } from '@nimbus/contract';
import { Button, Flex, Form, Input, Tabs, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PurgeRules } from '@/features/cache-purge/components/PurgeRules';
import { usePurgeQuota, useSubmitPurge } from '@/features/cache-purge/hooks/usePurge';
import { checkPurgeText, NO_ENTRIES, type PurgeMessage } from '@/features/cache-purge/lib/purge-text';
import { useFeedback } from '@/shared/feedback/feedback-context';

const EMPTY_DRAFTS = Object.fromEntries(PURGE_KINDS.map((kind) => [kind, ''])) as Record<PurgeKind, string>;

/**
 * One textarea per kind (each keeps its own text), checked line by line with the contract's
 * rules as the customer types, with this minute's remaining submissions from the server.
 */
export function PurgeForm({ onSubmitted }: { onSubmitted: (task: PurgeTask) => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [kind, setKind] = useState<PurgeKind>('url');
  const [drafts, setDrafts] = useState(EMPTY_DRAFTS);
  // Errors show once the field was left or a submit was tried, then follow every keystroke.
  const [touched, setTouched] = useState(false);
  const [emptySubmit, setEmptySubmit] = useState(false);
  const quota = usePurgeQuota();
  const submit = useSubmitPurge();

  const text = drafts[kind];
  const limits = quota.data?.[kind];
  const maxEntries = limits?.maxEntries ?? PURGE_LIMITS[kind].maxEntries;
  const check = useMemo(() => checkPurgeText(kind, text, maxEntries), [kind, text, maxEntries]);
  const shown: PurgeMessage | undefined = touched ? check.error : undefined;
  const error = shown ?? (emptySubmit && check.count === 0 ? NO_ENTRIES : undefined);

  const switchKind = (next: string) => {
    setKind(next as PurgeKind);
    setTouched(false);
    setEmptySubmit(false);
  };

  const onSubmit = () => {
    setTouched(true);
    if (check.error) return;
    if (check.count === 0) {
      setEmptySubmit(true);
      return;
    }
    submit.mutate(
      { kind, entries: text },
      {
        onSuccess: ({ task }) => {
          void message.success(t('purge.submitted'));
          setDrafts((current) => ({ ...current, [kind]: '' }));
          setTouched(false);
          onSubmitted(task);
        },
      },
    );
  };

  return (
    <Flex vertical gap={8}>
      <Tabs
        activeKey={kind}
        onChange={switchKind}
        items={PURGE_KINDS.map((k) => ({ key: k, label: t(`cachePurge.kind.${k}`) }))}
      />
      <Form layout="vertical" onFinish={onSubmit}>
        <Form.Item
          label={t('cachePurge.entriesLabel')}
          htmlFor="cache-purge-entries"
          validateStatus={error ? 'error' : undefined}
          help={error ? t(error.key, error.params) : undefined}
          extra={
            <span data-testid="purge-count">
              {t('cachePurge.entryCount', { count: check.count, max: maxEntries })}
              {check.duplicates > 0 && ` ${t('cachePurge.duplicates', { count: check.duplicates })}`}
            </span>
          }
        >
          <Input.TextArea
            id="cache-purge-entries"
            value={text}
            onChange={(e) => {
              setDrafts((current) => ({ ...current, [kind]: e.target.value }));
              setEmptySubmit(false);
            }}
            onBlur={() => setTouched(text.trim() !== '')}
            placeholder={t(`cachePurge.placeholder.${kind}`)}
            rows={8}
            spellCheck={false}
            style={{ fontFamily: 'monospace' }}
          />
        </Form.Item>
        <Flex vertical gap={12}>
          <PurgeRules kind={kind} maxEntries={maxEntries} />
          <Flex gap={16} align="center" wrap>
            <Button type="primary" htmlType="submit" loading={submit.isPending}>
              {kind === 'preheat' ? t('cachePurge.submitPreheat') : t('cachePurge.submit')}
            </Button>
            {limits && (
              <Typography.Text
                type={limits.remaining > 0 ? 'secondary' : 'warning'}
                data-testid="purge-quota"
              >
                {t('cachePurge.quota', {
                  remaining: limits.remaining,
                  perMinute: limits.perMinute,
                  max: limits.maxEntries,
                })}
                {limits.dailyQuota !== null &&
                  t('cachePurge.dailyQuota', { used: limits.dailyUsed, quota: limits.dailyQuota })}
              </Typography.Text>
            )}
          </Flex>
        </Flex>
      </Form>
    </Flex>
  );
}
