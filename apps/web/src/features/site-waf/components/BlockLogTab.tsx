import type { WafRule } from '@nimbus/contract';
import { Alert, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { WafEvents } from '@/features/site-waf/components/WafEvents';
import { useWafRules } from '@/features/site-waf/hooks/useWaf';
import { Panel } from '@/shared/ui/Panel';

const NO_RULES: WafRule[] = [];

/**
 * The domain's block-log tab (issue 20 §2): until the analytics issue ships the full block log,
 * it lists the latest events the console has received from the edges for this domain's rules.
 */
export function BlockLogTab({ siteId }: { siteId: number }) {
  const { t } = useTranslation();
  const rules = useWafRules(siteId).data?.rules ?? NO_RULES;
  return (
    <Flex vertical gap={16}>
      <Alert type="info" showIcon title={t('siteWaf.blockLog.intro')} />
      <Panel title={t('siteWaf.events.title')}>
        <WafEvents siteId={siteId} rules={rules} />
      </Panel>
    </Flex>
  );
}
