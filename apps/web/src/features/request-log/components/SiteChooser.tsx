import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestLogApi, requestLogKeys } from '@/features/request-log/api/request-log-api';

/**
 * One of the caller's sites, found by part of its domain (the first 20 matches); cleared, all of
 * them. The chosen site keeps its name while another search shows other sites.
 */
export function SiteChooser({
  value,
  onChange,
  id,
  ariaLabel,
  allowAll = true,
}: {
  value?: number;
  onChange?: (siteId: number | undefined) => void;
  id?: string;
  /** The field's name (its form label also shows a help icon, which would join the name). */
  ariaLabel?: string;
  /** False where the screen needs one site (the block log). */
  allowAll?: boolean;
}) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [chosen, setChosen] = useState<{ value: number; label: string }>();
  const request = { page: 1, limit: 20, keyword: keyword || undefined };
  const sites = useQuery({
    queryKey: requestLogKeys.sites(request),
    queryFn: ({ signal }) => requestLogApi.sites(request, signal),
    placeholderData: keepPreviousData,
  });
  const options = (sites.data?.list ?? []).map((site) => ({ value: site.id, label: site.domain }));
  if (chosen && chosen.value === value && !options.some((o) => o.value === value)) options.unshift(chosen);
  return (
    <Select<number>
      id={id}
      aria-label={ariaLabel}
      allowClear={allowAll}
      style={{ width: 220 }}
      placeholder={t(allowAll ? 'requestLog.site.all' : 'requestLog.site.choose')}
      showSearch={{ filterOption: false, onSearch: (text) => setKeyword(text.trim()) }}
      loading={sites.isFetching}
      notFoundContent={t('requestLog.site.none')}
      value={value}
      options={options}
      onChange={(siteId) => {
        setChosen(options.find((o) => o.value === siteId));
        onChange?.(siteId);
      }}
    />
  );
}
