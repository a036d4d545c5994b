import { Select, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRuleOptions } from '@/features/stream-stats/hooks/useRuleOptions';
import { FilterLabel } from '@/shared/ui/FilterLabel';

const ALL = 'all';

/** One of the customer's forwarding rules, or all of them (undefined); a form control too. */
export function RuleSelect({
  value,
  onChange,
}: {
  value?: number;
  onChange?: (ruleId: number | undefined) => void;
}) {
  const { t } = useTranslation();
  const rules = useRuleOptions();
  return (
    <Select<number | typeof ALL>
      aria-label={t('streamStats.rule.label')}
      value={value ?? ALL}
      onChange={(next) => onChange?.(next === ALL ? undefined : next)}
      loading={rules.isLoading}
      showSearch={{ optionFilterProp: 'label' }}
      style={{ minWidth: 220 }}
      options={[{ value: ALL, label: t('streamStats.rule.all') }, ...(rules.data ?? [])]}
    />
  );
}

/** The rule chooser of a toolbar: named, with what "all" means on hover. */
export function RuleChooser(props: {
  value: number | undefined;
  onChange: (ruleId: number | undefined) => void;
}) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('streamStats.rule.help')}>
      <span>
        <FilterLabel label={t('streamStats.rule.label')}>
          <RuleSelect {...props} />
        </FilterLabel>
      </span>
    </Tooltip>
  );
}
