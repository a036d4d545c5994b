import type { BlockSource, BlockState } from '@nimbus/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const SOURCE_COLORS: Record<BlockSource, string> = { admin: 'blue', waf: 'volcano', 'rate-limit': 'orange' };
// Active is the alarming state (the address is refused); a released one is served again.
const STATE_COLORS: Record<BlockState, string> = { active: 'error', released: 'success', expired: 'default' };

/** Who put an entry there: an admin by hand, a site's WAF or its rate limit. */
export function SourceTag({ source }: { source: BlockSource }) {
  const { t } = useTranslation();
  return <Tag color={SOURCE_COLORS[source]}>{t(`blocklist.source.${source}`)}</Tag>;
}

export function StateTag({ state }: { state: BlockState }) {
  const { t } = useTranslation();
  return <Tag color={STATE_COLORS[state]}>{t(`blocklist.state.${state}`)}</Tag>;
}
