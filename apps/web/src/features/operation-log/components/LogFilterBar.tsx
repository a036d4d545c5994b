import { DownloadOutlined } from '@ant-design/icons';
import type { OperationKind } from '@nimbus/contract';
import { Button, DatePicker, Flex, Select } from 'antd';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LogFilterValues } from '@/features/operation-log/components/log-filters';
import { todayInDisplayZone } from '@/shared/format/date-time';

type Result = 'all' | 'ok' | 'failed';

/** Kind, result and date range (each change starts again from page 1), and the CSV export. */
export function LogFilterBar({
  kinds,
  values,
  onChange,
  onExport,
  children,
}: {
  kinds: readonly OperationKind[];
  values: LogFilterValues;
  onChange: (values: LogFilterValues) => void;
  onExport: () => Promise<void>;
  /** Further filters of the admins' log. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  const result: Result = values.success === undefined ? 'all' : values.success ? 'ok' : 'failed';
  const exportCsv = async () => {
    setExporting(true);
    try {
      await onExport();
    } finally {
      setExporting(false);
    }
  };
  return (
    <Flex wrap gap={8} justify="space-between" style={{ marginBottom: 16 }}>
      <Flex wrap gap={8}>
        <Select<OperationKind>
          allowClear
          aria-label={t('operationLog.filter.kind')}
          placeholder={t('operationLog.filter.allKinds')}
          style={{ width: 180 }}
          value={values.kind}
          onChange={(kind) => onChange({ ...values, kind })}
          options={kinds.map((kind) => ({ value: kind, label: t(`operation.kind.${kind}`) }))}
        />
        <Select<Result>
          aria-label={t('operationLog.filter.result')}
          style={{ width: 140 }}
          value={result}
          onChange={(next) => onChange({ ...values, success: next === 'all' ? undefined : next === 'ok' })}
          options={(['all', 'ok', 'failed'] as const).map((value) => ({
            value,
            label: t(`operationLog.filter.results.${value}`),
          }))}
        />
        <DatePicker.RangePicker
          aria-label={t('operationLog.filter.dates')}
          value={values.days ? [dayjs(values.days[0]), dayjs(values.days[1])] : null}
          disabledDate={(day) => day.format('YYYY-MM-DD') > todayInDisplayZone()}
          onChange={(range) =>
            onChange({
              ...values,
              days:
                range?.[0] && range[1]
                  ? [range[0].format('YYYY-MM-DD'), range[1].format('YYYY-MM-DD')]
                  : undefined,
            })
          }
        />
        {children}
      </Flex>
      <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()}>
        {t('operationLog.export')}
      </Button>
    </Flex>
  );
}
