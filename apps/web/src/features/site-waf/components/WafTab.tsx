import { PlusOutlined } from '@ant-design/icons';
import type { WafRule } from '@nimbus/contract';
import { Alert, Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WafEvents } from '@/features/site-waf/components/WafEvents';
import { WafPresets } from '@/features/site-waf/components/WafPresets';
import { WafRuleDrawer, type WafEditing } from '@/features/site-waf/components/WafRuleDrawer';
import { WafRuleTable } from '@/features/site-waf/components/WafRuleTable';
import { WafTestBox } from '@/features/site-waf/components/WafTestBox';
import {
  useDeleteWafRules,
  useOrderWafRules,
  useWafRules,
  useWafRuleStatus,
} from '@/features/site-waf/hooks/useWaf';
import { useFeedback } from '@/shared/feedback/feedback-context';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import { Panel } from '@/shared/ui/Panel';

const NO_RULES: WafRule[] = [];

/**
 * The site's WAF tab (spec §2 waf, §3, §5, §9; issue 20 §2): the rules in the order the edges
 * run them, the ready-made sets, a test box that answers as the edge would, and recent events.
 */
export function WafTab({ siteId }: { siteId: number }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [editing, setEditing] = useState<WafEditing>();
  const list = useWafRules(siteId);
  const order = useOrderWafRules(siteId);
  const status = useWafRuleStatus(siteId);
  const remove = useDeleteWafRules(siteId);
  const rules = list.data?.rules ?? NO_RULES;

  return (
    <Flex vertical gap={16}>
      <Alert type="info" showIcon title={t('siteWaf.intro')} />
      <Panel
        title={t('siteWaf.rules.title')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('siteWaf.rules.add')}
          </Button>
        }
      >
        {list.isError && !list.data ? (
          <LoadFailed
            title={t('siteWaf.rules.loadFailed')}
            retryLabel={t('siteWaf.rules.retry')}
            onRetry={() => void list.refetch()}
          />
        ) : (
          <Flex vertical gap={8}>
            {rules.length > 1 && (
              <Typography.Text type="secondary">{t('siteWaf.rules.orderHelp')}</Typography.Text>
            )}
            <WafRuleTable
              rules={rules}
              loading={list.isPending}
              ordering={order.isPending}
              onOrder={(ids) =>
                order.mutate(ids, { onSuccess: () => void message.success(t('siteWaf.rules.reordered')) })
              }
              switching={status.isPending ? status.variables.id : undefined}
              onStatus={(rule, enabled) =>
                status.mutate(
                  { id: rule.id, enabled },
                  {
                    onSuccess: () =>
                      void message.success(t(enabled ? 'siteWaf.rules.statusOn' : 'siteWaf.rules.statusOff')),
                  },
                )
              }
              onEdit={(rule) => setEditing({ rule })}
              onDelete={(rule) =>
                remove.mutateAsync([rule.id]).then(() => void message.success(t('siteWaf.rules.deleted')))
              }
            />
          </Flex>
        )}
      </Panel>
      <Panel title={t('siteWaf.presets.title')}>
        <WafPresets siteId={siteId} rules={rules} />
      </Panel>
      <Panel title={t('siteWaf.test.title')}>
        <WafTestBox siteId={siteId} rules={rules} />
      </Panel>
      <Panel title={t('siteWaf.events.title')}>
        <WafEvents siteId={siteId} rules={rules} />
      </Panel>
      <WafRuleDrawer siteId={siteId} editing={editing} onClose={() => setEditing(undefined)} />
    </Flex>
  );
}
