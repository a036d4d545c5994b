import { SettingOutlined } from '@ant-design/icons';
import { REQUEST_LOG_COLUMNS, type RequestLogColumn } from '@nimbus/contract';
import { Button, Checkbox, Flex, Popover } from 'antd';
import { useTranslation } from 'react-i18next';

/** Which columns the table shows beside the time and URL (remembered by the caller). */
export function ColumnChooser({
  value,
  onChange,
}: {
  value: readonly RequestLogColumn[];
  onChange: (columns: RequestLogColumn[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('requestLog.columns.title')}
      content={
        <Checkbox.Group<RequestLogColumn>
          value={[...value]}
          onChange={(columns) => onChange(columns)}
          aria-label={t('requestLog.columns.title')}
        >
          <Flex vertical gap={4}>
            {REQUEST_LOG_COLUMNS.map((column) => (
              <Checkbox key={column} value={column}>
                {t(`requestLog.field.${column}`)}
              </Checkbox>
            ))}
          </Flex>
        </Checkbox.Group>
      }
    >
      <Button icon={<SettingOutlined />}>{t('requestLog.columns.button')}</Button>
    </Popover>
  );
}
