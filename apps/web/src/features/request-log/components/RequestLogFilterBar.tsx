import { SearchOutlined } from '@ant-design/icons';
import { CACHE_STATUSES, formatUtcOffset } from '@nimbus/contract';
import { Button, Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { SiteChooser } from '@/features/request-log/components/SiteChooser';
import { TimeRangeField } from '@/features/request-log/components/TimeRangeField';
import type { RequestLogFilters } from '@/features/request-log/lib/filters';
import {
  fitsQueryLimit,
  refreshTimeRange,
  LOG_PRESETS,
  type TimeRange,
} from '@/features/request-log/lib/time-range';
import { displayOffsetMinutes } from '@/shared/format/date-time';

/**
 * The request log's filters. They apply together on "Search" (spec §5: a search starts again from
 * page 1), which also moves a relative range ("last hour") up to now; the site is fixed on the
 * site page's tab.
 */
export function RequestLogFilterBar({
  initial,
  fixedSite,
  onApply,
}: {
  initial: RequestLogFilters;
  fixedSite: boolean;
  onApply: (filters: RequestLogFilters) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RequestLogFilters>();
  const offset = displayOffsetMinutes();
  const apply = (values: RequestLogFilters) =>
    onApply({ ...values, range: refreshTimeRange(values.range, Date.now(), offset) });
  return (
    <Form<RequestLogFilters>
      form={form}
      layout="inline"
      initialValues={initial}
      onFinish={apply}
      style={{ rowGap: 12, marginBottom: 16 }}
    >
      {!fixedSite && (
        <Form.Item name="siteId" label={t('requestLog.filter.site')} tooltip={t('requestLog.help.site')}>
          <SiteChooser ariaLabel={t('requestLog.filter.site')} />
        </Form.Item>
      )}
      <Form.Item
        name="range"
        label={t('requestLog.filter.time')}
        tooltip={t('requestLog.help.time', { zone: formatUtcOffset(offset) })}
        rules={[
          {
            validator: (_, range: TimeRange) =>
              fitsQueryLimit(range)
                ? Promise.resolve()
                : Promise.reject(new Error(t('requestLog.range.tooLong'))),
          },
        ]}
      >
        <TimeRangeField presets={LOG_PRESETS} />
      </Form.Item>
      <Form.Item name="status" label={t('requestLog.filter.status')} tooltip={t('requestLog.help.status')}>
        <InputNumber
          aria-label={t('requestLog.filter.status')}
          min={100}
          max={599}
          precision={0}
          style={{ width: 100 }}
        />
      </Form.Item>
      <Form.Item
        name="clientIp"
        label={t('requestLog.filter.clientIp')}
        tooltip={t('requestLog.help.clientIp')}
        rules={[{ max: 64, message: t('requestLog.filter.tooLong', { max: 64 }) }]}
      >
        <Input aria-label={t('requestLog.filter.clientIp')} allowClear style={{ width: 170 }} />
      </Form.Item>
      <Form.Item
        name="uriContains"
        label={t('requestLog.filter.uriContains')}
        tooltip={t('requestLog.help.uriContains')}
        rules={[{ max: 512, message: t('requestLog.filter.tooLong', { max: 512 }) }]}
      >
        <Input aria-label={t('requestLog.filter.uriContains')} allowClear style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="cache" label={t('requestLog.filter.cache')} tooltip={t('requestLog.help.cache')}>
        <Select
          aria-label={t('requestLog.filter.cache')}
          allowClear
          placeholder={t('requestLog.filter.any')}
          style={{ width: 140 }}
          options={CACHE_STATUSES.map((status) => ({ value: status, label: status }))}
        />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {t('requestLog.filter.search')}
        </Button>
      </Form.Item>
      <Form.Item>
        <Button
          onClick={() => {
            form.resetFields();
            apply(form.getFieldsValue(true));
          }}
        >
          {t('requestLog.filter.reset')}
        </Button>
      </Form.Item>
    </Form>
  );
}
