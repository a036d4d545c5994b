import { DeleteOutlined, PlusOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { STREAM_LIMITS, streamOriginSchema, streamSaveRequestSchema } from '@nimbus/contract';
import { Button, Flex, Form, Input, Select, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MinOnEmptyNumber } from '@/features/stream/components/MinOnEmptyNumber';
import { newStreamOrigin, STREAM_NUMBER_RANGES } from '@/features/stream/lib/stream-form';
import type { PathIssue } from '@/shared/forms/form-issues';
import { issueText, zodRule, type Translate } from '@/shared/forms/zod-rules';

const COLUMN = {
  address: { flex: '1 1 200px', minWidth: 160 },
  port: { flex: '0 0 100px' },
  weight: { flex: '0 0 90px' },
  role: { flex: '0 0 90px' },
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

/** The list's own rules (at least one origin, at least one main); rows check their own fields. */
function originListRule(t: Translate, label: string) {
  return {
    validator: (_rule: unknown, origins: unknown) => {
      const result = streamSaveRequestSchema.shape.origins.safeParse(origins ?? []);
      const issue = result.success
        ? undefined
        : (result.error.issues as PathIssue[]).find((i) => i.path.length === 0);
      return issue ? Promise.reject(new Error(issueText(issue, t, label))) : Promise.resolve();
    },
  };
}

/** The origins of a rule (spec §3): address, port, weight and main/backup; at least one is main. */
export function StreamOriginsEditor() {
  const { t } = useTranslation();
  const label = {
    list: t('stream.form.origins'),
    address: t('stream.form.originAddress'),
    port: t('stream.form.originPort'),
    weight: t('stream.form.originWeight'),
    role: t('stream.form.originRole'),
  };
  const { shape } = streamOriginSchema;

  return (
    <Form.Item label={label.list} tooltip={t('stream.help.origins')} required>
      <Form.List name="origins" rules={[originListRule(t, label.list)]}>
        {(fields, { add, remove }, { errors }) => (
          <Flex vertical gap={8}>
            <Flex gap={8}>
              <Heading text={label.address} help={t('stream.help.originAddress')} style={COLUMN.address} />
              <Heading text={label.port} help={t('stream.help.originPort')} style={COLUMN.port} />
              <Heading text={label.weight} help={t('stream.help.originWeight')} style={COLUMN.weight} />
              <Heading text={label.role} help={t('stream.help.originRole')} style={COLUMN.role} />
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
                      aria-label={t('stream.form.rowField', { field: label.address, row })}
                      placeholder={t('stream.form.originAddressPlaceholder')}
                      maxLength={255}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'port']}
                    rules={[zodRule(shape.port, t, label.port, true)]}
                    style={{ ...cell, ...COLUMN.port }}
                  >
                    <Input
                      aria-label={t('stream.form.rowField', { field: label.port, row })}
                      placeholder={t('stream.form.portPlaceholder')}
                      inputMode="numeric"
                      maxLength={5}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'weight']} style={{ ...cell, ...COLUMN.weight }}>
                    <MinOnEmptyNumber
                      {...STREAM_NUMBER_RANGES.weight}
                      aria-label={t('stream.form.rowField', { field: label.weight, row })}
                      style={{ width: '100%' }}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'role']} style={{ ...cell, ...COLUMN.role }}>
                    <Select
                      aria-label={t('stream.form.rowField', { field: label.role, row })}
                      options={[
                        { value: 'main', label: t('stream.origins.main') },
                        { value: 'backup', label: t('stream.origins.backup') },
                      ]}
                    />
                  </Form.Item>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('stream.form.removeOrigin', { row })}
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
              disabled={fields.length >= STREAM_LIMITS.origins}
              onClick={() => add(newStreamOrigin())}
            >
              {t('stream.form.addOrigin', { max: STREAM_LIMITS.origins })}
            </Button>
            <Form.ErrorList errors={errors} />
          </Flex>
        )}
      </Form.List>
    </Form.Item>
  );
}
