import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { siteKeys, sitesApi } from '@/features/sites/api/sites-api';

type Props<V> = Omit<SelectProps<V>, 'options' | 'showSearch' | 'loading'>;

/** The customer's sites, found by part of the domain on the server (the first 20 matches). */
export function TrafficSiteSelect<V extends number | number[]>(props: Props<V>) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const request = { page: 1, limit: 20, keyword: keyword || undefined };
  const sites = useQuery({
    queryKey: siteKeys.list(request),
    queryFn: ({ signal }) => sitesApi.list(request, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <Select<V>
      showSearch={{ filterOption: false, onSearch: (value) => setKeyword(value.trim()) }}
      loading={sites.isFetching}
      options={(sites.data?.list ?? []).map((site) => ({ value: site.id, label: site.domain }))}
      notFoundContent={t('traffic.scope.noSites')}
      placeholder={t('traffic.scope.sitePlaceholder')}
      style={{ minWidth: 220 }}
      {...props}
    />
  );
}
