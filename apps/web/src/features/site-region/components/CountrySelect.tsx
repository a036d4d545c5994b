import type { Lang } from '@nimbus/contract';
import { Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { codesOfValue, countryOptions, valueOfCodes } from '@/features/site-region/lib/country-options';

interface CountrySelectProps {
  id?: string;
  value?: string[];
  onChange?: (codes: string[]) => void;
  'aria-label'?: string;
  status?: 'error' | 'warning' | '';
}

/** A searchable multi-select of countries: names in the language on screen, each with its code. */
export function CountrySelect({ id, value, onChange, status, ...rest }: CountrySelectProps) {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'cn';
  const options = useMemo(() => countryOptions(lang), [lang]);
  return (
    <Select
      id={id}
      mode="multiple"
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      options={options}
      value={value ?? []}
      onChange={(codes: string[]) => onChange?.(codes)}
      status={status}
      placeholder={t('siteRegion.picker.placeholder')}
      notFoundContent={t('siteRegion.picker.none')}
      aria-label={rest['aria-label']}
      style={{ maxWidth: 520, width: '100%' }}
    />
  );
}

/** The same picker for a WAF condition, whose value is codes separated by `|`. */
export function CountryValueSelect({
  value,
  onChange,
  ...rest
}: Omit<CountrySelectProps, 'value' | 'onChange'> & { value?: string; onChange?: (value: string) => void }) {
  return (
    <CountrySelect
      {...rest}
      value={codesOfValue(value)}
      onChange={(codes) => onChange?.(valueOfCodes(codes))}
    />
  );
}
