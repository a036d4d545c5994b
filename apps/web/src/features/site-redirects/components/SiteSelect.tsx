import { Select, type SelectProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteOptions } from '@/features/site-redirects/hooks/useSiteOptions';

type SiteSelectProps = Omit<SelectProps<number>, 'options' | 'loading' | 'showSearch' | 'filterOption'> & {
  /** The chosen site's domain when it may not be among the first matches (editing an old rule). */
  knownDomain?: string;
};

/** One of the customer's sites, searched by domain on the server as the user types. */
export function SiteSelect({ knownDomain, value, ...props }: SiteSelectProps) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const sites = useSiteOptions(keyword);
  const options = sites.data ?? [];
  const withKnown =
    value !== undefined && knownDomain && !options.some((o) => o.value === value)
      ? [{ value, label: knownDomain }, ...options]
      : options;
  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: (text) => setKeyword(text.trim()) }}
      loading={sites.isFetching}
      options={withKnown.map(({ value: id, label }) => ({ value: id, label }))}
      notFoundContent={t('redirects.site.none')}
      placeholder={t('redirects.site.placeholder')}
      value={value}
      {...props}
    />
  );
}
