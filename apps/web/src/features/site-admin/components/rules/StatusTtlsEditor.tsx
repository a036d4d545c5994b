import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { performanceSettingsSchema } from '@nimbus/contract';
import { Button, Flex, Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { ColumnHeading } from '@/features/site-admin/components/rules/ColumnHeading';
import { filledRule, listRule, rowRule } from '@/features/site-admin/components/rules/form-rules';
import { TtlInput } from '@/features/site-admin/components/rules/TtlInput';

const listSchema = performanceSettingsSchema.shape.statusTtls;
const rowSchema = listSchema.unwrap().element;
/** The contract's limit on the list (its `max`), so the add button stops where the server would. */
const MAX_ROWS = 20;
const cell = { marginBottom: 0 } as const;

/** Error answers cached for a while (e.g. 404 for a minute), so a missing file does not hit the origin each time. */
export function StatusTtlsEditor({ label, help }: { label: string; help: string }) {
  const { t } = useTranslation();
  const labels = {
    status: t('siteAdmin.performance.statusTtl.status'),
    ttl: t('siteAdmin.performance.rule.ttl'),
  };
  return (
    <Form.Item label={label} tooltip={help}>
      <Form.List name="statusTtls" rules={[listRule(listSchema, t, label)]}>
        {(fields, { add, remove }, { errors }) => (
          <Flex vertical gap={8}>
            {fields.length > 0 && (
              <Flex gap={8}>
                <ColumnHeading
                  text={labels.status}
                  help={t('siteAdmin.performance.statusTtl.statusHelp')}
                  style={{ flex: '0 0 120px' }}
                />
                <ColumnHeading
                  text={labels.ttl}
                  help={t('siteAdmin.performance.statusTtl.ttlHelp')}
                  style={{ flex: '0 0 212px' }}
                />
              </Flex>
            )}
            {fields.map((field, index) => {
              const aria = (name: keyof typeof labels) =>
                t('siteAdmin.rules.rowField', { field: labels[name], row: index + 1 });
              return (
                <Flex key={field.key} gap={8} align="start">
                  <Form.Item
                    name={[index, 'status']}
                    rules={[
                      filledRule(t, labels.status),
                      rowRule(rowSchema, ['statusTtls'], index, 'status', t, labels.status),
                    ]}
                    style={{ ...cell, flex: '0 0 120px' }}
                  >
                    <InputNumber<number>
                      aria-label={aria('status')}
                      precision={0}
                      style={{ width: '100%' }}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[index, 'ttl']}
                    rules={[
                      filledRule(t, labels.ttl),
                      rowRule(rowSchema, ['statusTtls'], index, 'ttl', t, labels.ttl),
                    ]}
                    style={{ ...cell, flex: '0 0 212px' }}
                  >
                    <TtlInput aria-label={aria('ttl')} />
                  </Form.Item>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('siteAdmin.rules.removeRow', { row: index + 1 })}
                    onClick={() => remove(index)}
                  />
                </Flex>
              );
            })}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              disabled={fields.length >= MAX_ROWS}
              onClick={() => add({ status: 404, ttl: 60 })}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('siteAdmin.rules.addRow', { max: MAX_ROWS })}
            </Button>
            <Form.ErrorList errors={errors} />
          </Flex>
        )}
      </Form.List>
    </Form.Item>
  );
}
