import { Flex, Skeleton, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ForwardPanel } from '@/features/recursive-dns/components/ForwardPanel';
import { RecursionPanel } from '@/features/recursive-dns/components/RecursionPanel';
import { RecursorStatus } from '@/features/recursive-dns/components/RecursorStatus';
import { useRecursiveDetail } from '@/features/recursive-dns/hooks/useRecursiveDns';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import { usePaging } from '@/shared/ui/usePaging';

type Tab = 'recursion' | 'forward';

/** One tab's list (segments or forward rules), its paging and its remark search. */
function TabContent({ tab }: { tab: Tab }) {
  const { t } = useTranslation();
  const paging = usePaging();
  const [remark, setRemark] = useState<string>();
  const { data, isPending, isPlaceholderData, isError, refetch } = useRecursiveDetail({
    mode: tab === 'recursion' ? 2 : 6,
    page: paging.page,
    limit: paging.limit,
    order: 'desc',
    ...(remark ? { remark } : {}),
  });
  if (!data)
    return isError ? (
      <LoadFailed
        title={t('recursiveDns.loadFailed')}
        retryLabel={t('recursiveDns.retry')}
        onRetry={() => void refetch()}
      />
    ) : (
      <Skeleton active paragraph={{ rows: 8 }} />
    );
  const props = {
    detail: data,
    loading: isPending || isPlaceholderData,
    paging: { page: paging.page, pageSize: paging.limit, total: data.totalCount, onChange: paging.onChange },
    onSearch: (value: string | undefined) => {
      setRemark(value);
      paging.reset();
    },
  };
  return (
    <Flex vertical gap={16}>
      <RecursorStatus recursor={data.recursor} />
      {tab === 'recursion' ? <RecursionPanel {...props} /> : <ForwardPanel {...props} />}
    </Flex>
  );
}

/** Spec §2: recursive DNS and forwarding, each with its list. */
export function RecursiveDnsScreen() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('recursion');
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => setTab(key as Tab)}
      destroyOnHidden
      items={[
        {
          key: 'recursion',
          label: t('recursiveDns.tab.recursion'),
          children: <TabContent tab="recursion" />,
        },
        { key: 'forward', label: t('recursiveDns.tab.forward'), children: <TabContent tab="forward" /> },
      ]}
    />
  );
}
