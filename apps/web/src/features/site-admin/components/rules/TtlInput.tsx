import { InputNumber, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export const TTL_UNITS = { seconds: 1, minutes: 60, hours: 3600, days: 86_400 } as const;
export type TtlUnit = keyof typeof TTL_UNITS;

/** The largest unit the seconds are a whole number of (0 and empty read as seconds). */
export function ttlUnitOf(seconds: number | null | undefined): TtlUnit {
  if (!seconds) return 'seconds';
  const units = (Object.keys(TTL_UNITS) as TtlUnit[]).reverse();
  return units.find((unit) => seconds % TTL_UNITS[unit] === 0) ?? 'seconds';
}

export interface TtlInputProps {
  /** Seconds, as the contract stores them; null while emptied. */
  value?: number | null;
  onChange?: (seconds: number | null) => void;
  'aria-label'?: string;
  id?: string;
}

/**
 * A cache time in seconds, typed in the unit the customer thinks in (seconds to days). The form
 * holds seconds, so the contract's one-year limit and its message apply unchanged.
 */
export function TtlInput({ value, onChange, id, 'aria-label': ariaLabel }: TtlInputProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<TtlUnit>(() => ttlUnitOf(value));
  // A value set from outside (a reset) that the chosen unit cannot show whole picks its own unit.
  const unit = value && value % TTL_UNITS[chosen] !== 0 ? ttlUnitOf(value) : chosen;
  const amount = value === null || value === undefined ? null : value / TTL_UNITS[unit];
  return (
    <Space.Compact>
      <InputNumber<number>
        id={id}
        aria-label={ariaLabel}
        min={0}
        precision={0}
        value={amount}
        onChange={(next) => onChange?.(next === null ? null : next * TTL_UNITS[unit])}
        style={{ width: 120 }}
      />
      <Select<TtlUnit>
        aria-label={t('siteAdmin.rules.ttlUnit', { field: ariaLabel ?? '' })}
        value={unit}
        onChange={(next) => {
          setChosen(next);
          if (amount !== null) onChange?.(amount * TTL_UNITS[next]);
        }}
        options={(Object.keys(TTL_UNITS) as TtlUnit[]).map((u) => ({
          value: u,
          label: t(`siteAdmin.rules.unit.${u}`),
        }))}
        style={{ width: 90 }}
      />
    </Space.Compact>
  );
}
