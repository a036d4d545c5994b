import type { PurgeKind, PurgeTask } from '@nimbus/contract';
import { Card, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PurgeForm } from '@/features/cache-purge/components/PurgeForm';
import { PurgeTaskList } from '@/features/cache-purge/components/PurgeTaskList';
import { usePaging } from '@/shared/ui/usePaging';

/** Customer: submit purges and preheats, then follow them node by node below. */
export function CachePurgePanel() {
  const { t } = useTranslation();
  const paging = usePaging();
  const [kindFilter, setKindFilter] = useState<PurgeKind>();

  // A new task goes to the top of the list: show the first page, and drop a filter that hides it.
  const onSubmitted = (task: PurgeTask) => {
    paging.reset();
    if (kindFilter !== undefined && kindFilter !== task.kind) setKindFilter(undefined);
  };

  return (
    <Flex vertical gap={16}>
      <Card title={t('cachePurge.title')}>
        <PurgeForm onSubmitted={onSubmitted} />
      </Card>
      <Card title={t('cachePurge.tasksTitle')}>
        <PurgeTaskList paging={paging} kind={kindFilter} onKindChange={setKindFilter} />
      </Card>
    </Flex>
  );
}
