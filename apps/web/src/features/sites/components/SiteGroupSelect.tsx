import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSiteGroups } from '@/features/sites/hooks/useSiteGroups';

/** Stands for "no group" where a Select needs a real value (antd treats null as nothing chosen). */
export const UNGROUPED = 0;

type SiteGroupSelectProps = Omit<SelectProps<number>, 'options' | 'loading' | 'showSearch'> & {
  /** Offer "Ungrouped" as a choice (value UNGROUPED). */
  withUngrouped?: boolean;
};

/** One of the customer's own site groups, searchable by name. */
export function SiteGroupSelect({ withUngrouped = false, ...props }: SiteGroupSelectProps) {
  const { t } = useTranslation();
  const groups = useSiteGroups();
  const options = [
    ...(withUngrouped ? [{ value: UNGROUPED, label: t('sites.group.ungrouped') }] : []),
    ...(groups.data ?? []).map((group) => ({ value: group.id, label: group.name })),
  ];
  return (
    <Select<number>
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={groups.isFetching}
      options={options}
      notFoundContent={t('sites.group.noGroups')}
      {...props}
    />
  );
}
