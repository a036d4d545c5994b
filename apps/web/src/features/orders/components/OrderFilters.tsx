import { ORDER_STATES, ORDER_TYPE_VALUES, type OrderState } from '@nimbus/contract';
import { Flex, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DayRange } from '@/shared/ui/day-range';
import { DayRangePicker } from '@/shared/ui/DayRangePicker';
import { FilterLabel } from '@/shared/ui/FilterLabel';

export interface OrderFilterValues {
  type?: number;
  state?: OrderState;
  days?: DayRange;
  serialNumber?: string;
  username?: string;
}

/**
 * Type, state, days (spec §5: from the first day's 00:00:00 to the last day's 23:59:59) and the
 * serial number; the admin's list also searches by customer. Every change starts at page 1.
 */
export function OrderFilters({
  value,
  onChange,
  withUsername = false,
}: {
  value: OrderFilterValues;
  onChange: (next: OrderFilterValues) => void;
  withUsername?: boolean;
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<OrderFilterValues>) => onChange({ ...value, ...patch });
  return (
    <Flex wrap gap={8} style={{ marginBottom: 16 }}>
      <FilterLabel label={t('orders.filter.type')}>
        <Select<number>
          allowClear
          style={{ width: 170 }}
          placeholder={t('orders.filter.allTypes')}
          value={value.type}
          onChange={(type) => set({ type })}
          options={ORDER_TYPE_VALUES.map((type) => ({ value: type, label: t(`order.type.${type}`) }))}
        />
      </FilterLabel>
      <FilterLabel label={t('orders.filter.state')}>
        <Select<OrderState>
          allowClear
          style={{ width: 140 }}
          placeholder={t('orders.filter.allStates')}
          value={value.state}
          onChange={(state) => set({ state })}
          options={ORDER_STATES.map((state) => ({ value: state, label: t(`order.state.${state}`) }))}
        />
      </FilterLabel>
      <FilterLabel label={t('orders.filter.dates')}>
        <DayRangePicker value={value.days} onChange={(days) => set({ days })} />
      </FilterLabel>
      <FilterLabel label={t('orders.filter.serial')}>
        <Input.Search
          allowClear
          style={{ width: 230 }}
          maxLength={32}
          placeholder={t('orders.filter.serialHelp')}
          onSearch={(serial) => set({ serialNumber: serial.trim() || undefined })}
        />
      </FilterLabel>
      {withUsername && (
        <FilterLabel label={t('orders.filter.username')}>
          <Input.Search
            allowClear
            style={{ width: 180 }}
            maxLength={64}
            placeholder={t('orders.filter.usernameHelp')}
            onSearch={(username) => set({ username: username.trim() || undefined })}
          />
        </FilterLabel>
      )}
    </Flex>
  );
}
