import type { PurgeKind } from '@nimbus/contract';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';

/** Spec §5's rules for the chosen kind, beside the textarea. */
export function PurgeRules({ kind, maxEntries }: { kind: PurgeKind; maxEntries: number }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const rules = [
    t(`cachePurge.rule.${kind}`),
    t('cachePurge.rule.scheme'),
    t('cachePurge.rule.wildcard'),
    t('cachePurge.rule.ignored'),
    t('cachePurge.rule.max', { max: maxEntries }),
  ];
  return (
    <ul style={{ margin: 0, paddingInlineStart: 20, color: token.colorTextSecondary }}>
      {rules.map((rule) => (
        <li key={rule}>{rule}</li>
      ))}
    </ul>
  );
}
