import { DeleteOutlined, PlusOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { originSchema, SITE_DEFAULTS, SITE_LIMITS, type OriginProtocol } from '@nimbus/contract';
import { AutoComplete, Button, Flex, Form, Input, InputNumber, Select, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { originListRule } from '@/features/sites/components/site-form-rules';
import { newOrigin, originPortsShown } from '@/features/sites/lib/site-form';
import { zodRule } from '@/shared/forms/zod-rules';

const COLUMN = {
  address: { flex: '1 1 220px', minWidth: 180 },
  port: { flex: '0 0 110px' },
  weight: { flex: '0 0 90px' },
  role: { flex: '0 0 100px' },
  remove: { flex: '0 0 32px' },
} as const;
const cell = { marginBottom: 0 } as const;

function Heading({ text, help, style }: { text: string; help: string; style: object }) {
  return (
    <Typography.Text type="secondary" style={style}>
      {text}{' '}
      <Tooltip title={help}>
        <QuestionCircleOutlined />
      </Tooltip>
    </Typography.Text>
  );
}

/** Spec §9 number inputs: emptied, the weight goes back to its minimum when the field is left. */
function WeightInput({
  value,
  onChange,
  ...rest
}: {
  value?: number | null;
  onChange?: (v: number | null) => void;
}) {
  return (
    <InputNumber<number>
      {...rest}
      min={1}
      max={SITE_LIMITS.weightMax}
      precision={0}
      value={value}
      onChange={(v) => onChange?.(v)}
      onBlur={() => (value === null || value === undefined) && onChange?.(1)}
      style={{ width: '100%' }}
    />
  );
}

const portOptions = (choices: readonly number[]) => choices.map((p) => ({ value: String(p) }));

/**
 * The origin set (spec §3): address, the ports the chosen back-to-source protocol uses (choices of
 * spec §9, any port can be typed), weight and main/backup; at least one origin must be main.
 */
export function OriginsEditor() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const protocol = Form.useWatch('originProtocol', form) as OriginProtocol | undefined;
  const shown = originPortsShown(protocol);
  const label = {
    list: t('sites.form.origins'),
    address: t('sites.form.originAddress'),
    httpPort: t('sites.form.originHttpPort'),
    httpsPort: t('sites.form.originHttpsPort'),
    weight: t('sites.form.originWeight'),
    role: t('sites.form.originRole'),
  };
  const { shape } = originSchema;

  return (
    <Form.Item label={label.list} tooltip={t('sites.help.origins')} required>
      <Form.List name="origins" rules={[originListRule(t, label.list)]}>
        {(fields, { add, remove }, { errors }) => (
          <Flex vertical gap={8}>
            <Flex gap={8}>
              <Heading text={label.address} help={t('sites.help.originAddress')} style={COLUMN.address} />
              {shown.http && (
                <Heading text={label.httpPort} help={t('sites.help.originHttpPort')} style={COLUMN.port} />
              )}
              {shown.https && (
                <Heading text={label.httpsPort} help={t('sites.help.originHttpsPort')} style={COLUMN.port} />
              )}
              <Heading text={label.weight} help={t('sites.help.originWeight')} style={COLUMN.weight} />
              <Heading text={label.role} help={t('sites.help.originRole')} style={COLUMN.role} />
              <span style={COLUMN.remove} />
            </Flex>
            {fields.map((field, index) => {
              const row = index + 1;
              return (
                <Flex key={field.key} gap={8} align="start">
                  <Form.Item
                    name={[field.name, 'address']}
                    rules={[zodRule(shape.address, t, label.address, true)]}
                    style={{ ...cell, ...COLUMN.address }}
                  >
                    <Input
                      aria-label={t('sites.form.rowField', { field: label.address, row })}
                      placeholder={t('sites.form.originAddressPlaceholder')}
                      maxLength={255}
                    />
                  </Form.Item>
                  {shown.http && (
                    <Form.Item
                      name={[field.name, 'httpPort']}
                      rules={[zodRule(shape.httpPort, t, label.httpPort, true)]}
                      style={{ ...cell, ...COLUMN.port }}
                    >
                      <AutoComplete
                        aria-label={t('sites.form.rowField', { field: label.httpPort, row })}
                        options={portOptions(SITE_DEFAULTS.originPortChoices.http)}
                      />
                    </Form.Item>
                  )}
                  {shown.https && (
                    <Form.Item
                      name={[field.name, 'httpsPort']}
                      rules={[zodRule(shape.httpsPort, t, label.httpsPort, true)]}
                      style={{ ...cell, ...COLUMN.port }}
                    >
                      <AutoComplete
                        aria-label={t('sites.form.rowField', { field: label.httpsPort, row })}
                        options={portOptions(SITE_DEFAULTS.originPortChoices.https)}
                      />
                    </Form.Item>
                  )}
                  <Form.Item
                    name={[field.name, 'weight']}
                    rules={[zodRule(shape.weight, t, label.weight, true)]}
                    style={{ ...cell, ...COLUMN.weight }}
                  >
                    <WeightInput aria-label={t('sites.form.rowField', { field: label.weight, row })} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'role']} style={{ ...cell, ...COLUMN.role }}>
                    <Select
                      aria-label={t('sites.form.rowField', { field: label.role, row })}
                      options={[
                        { value: 'main', label: t('sites.form.roleMain') },
                        { value: 'backup', label: t('sites.form.roleBackup') },
                      ]}
                    />
                  </Form.Item>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('sites.form.removeOrigin', { row })}
                    disabled={fields.length <= 1}
                    onClick={() => remove(field.name)}
                    style={COLUMN.remove}
                  />
                </Flex>
              );
            })}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              disabled={fields.length >= SITE_LIMITS.origins}
              onClick={() => add(newOrigin())}
            >
              {t('sites.form.addOrigin', { max: SITE_LIMITS.origins })}
            </Button>
            <Form.ErrorList errors={errors} />
          </Flex>
        )}
      </Form.List>
    </Form.Item>
  );
}
