import {
  DNS_LIMITS,
  DNS_RECORD_TYPES,
  dnsRecordSaveRequestSchema,
  dnsValueIssue,
  type DnsRecordType,
} from '@nimbus/contract';
import { Col, Form, Input, InputNumber, Row, Select, Typography } from 'antd';
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { LineSelect, useLineUnavailableNote } from '@/features/dns/components/LineSelect';
import { hasPriority, type RecordFormValues } from '@/features/dns/lib/record-form';
import { schemaError, zodRule, type SchemaLike, type Translate } from '@/shared/forms/zod-rules';

const { shape } = dnsRecordSaveRequestSchema;

/** A number field checked by the contract once filled; emptied, the default applies (TTL) or the save says so (priority). */
function filledRule(schema: SchemaLike, t: Translate, label: string): FormRule {
  return {
    validator: (_rule, value: unknown) => {
      if (value === null || value === undefined || value === '') return Promise.resolve();
      const error = schemaError(schema, value, t, label);
      return error ? Promise.reject(new Error(error)) : Promise.resolve();
    },
  };
}

/** What a value of each type looks like, with an example, under the value field. */
export function RecordValueHelp({ type }: { type: DnsRecordType }) {
  const { t } = useTranslation();
  return (
    <Typography.Text type="secondary" data-testid="record-value-help">
      {t(`dns.recordHelp.value.${type}`)} {t('dns.recordHelp.example')}{' '}
      <Typography.Text code>{t(`dns.recordHelp.valueExample.${type}`)}</Typography.Text>
    </Typography.Text>
  );
}

/**
 * The fields of a record, each with its help. The value is checked for the chosen type with the
 * contract's own validator; the priority is there only for MX and SRV.
 */
export function RecordFormFields({ zoneName }: { zoneName: string }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<RecordFormValues>();
  const type = Form.useWatch('recordType', form) ?? 'A';
  const label = (field: string) => t(`field.${field}`);
  const linesUnavailable = useLineUnavailableNote();

  const valueRule: FormRule = {
    validator: (_rule, value: unknown) => {
      const text = typeof value === 'string' ? value.trim() : '';
      // An empty value is the required rule's to report.
      const issue = text ? dnsValueIssue(form.getFieldValue('recordType') as DnsRecordType, text) : undefined;
      return issue ? Promise.reject(new Error(t(issue, { field: label('recordValue') }))) : Promise.resolve();
    },
  };

  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={14}>
          <Form.Item
            name="hostRecord"
            label={label('hostRecord')}
            tooltip={t('dns.recordHelp.host')}
            extra={t('dns.recordHelp.hostExtra')}
            rules={[zodRule(shape.hostRecord, t, label('hostRecord'), true)]}
          >
            <Input
              placeholder={t('dns.recordForm.hostPlaceholder')}
              suffix={
                zoneName ? <Typography.Text type="secondary">{`.${zoneName}`}</Typography.Text> : undefined
              }
              maxLength={200}
              autoComplete="off"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={10}>
          <Form.Item
            name="recordType"
            label={label('recordType')}
            tooltip={t('dns.recordHelp.type')}
            rules={[zodRule(shape.recordType, t, label('recordType'), true)]}
          >
            <Select
              aria-label={label('recordType')}
              options={DNS_RECORD_TYPES.map((value) => ({
                value,
                label: `${value} - ${t(`dns.recordType.${value}`)}`,
              }))}
              onChange={() => {
                if (form.getFieldValue('recordValue')) void form.validateFields(['recordValue']);
              }}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="recordValue"
        label={label('recordValue')}
        tooltip={t('dns.recordHelp.valueTip')}
        extra={<RecordValueHelp type={type} />}
        rules={[zodRule(shape.recordValue, t, label('recordValue'), true), valueRule]}
      >
        <Input placeholder={t(`dns.recordHelp.valueExample.${type}`)} maxLength={DNS_LIMITS.txtMax} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item
            name="lineType"
            label={label('lineType')}
            tooltip={t('dns.recordHelp.line')}
            extra={linesUnavailable ?? t('dns.recordHelp.lineNote')}
          >
            <LineSelect ariaLabel={label('lineType')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="ttl"
            label={label('ttl')}
            tooltip={t('dns.recordHelp.ttl')}
            extra={t('dns.recordHelp.ttlRange', {
              min: DNS_LIMITS.ttlMin,
              max: DNS_LIMITS.ttlMax,
              default: DNS_LIMITS.ttlDefault,
            })}
            rules={[filledRule(shape.ttl, t, label('ttl'))]}
          >
            <InputNumber
              min={DNS_LIMITS.ttlMin}
              max={DNS_LIMITS.ttlMax}
              precision={0}
              aria-label={label('ttl')}
              suffix={t('dns.secondsUnit')}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        {hasPriority(type) && (
          <Col xs={24} md={8}>
            <Form.Item
              name="priority"
              label={label('priority')}
              tooltip={t('dns.recordHelp.priority')}
              extra={t('dns.recordHelp.priorityRange')}
              rules={[filledRule(shape.priority, t, label('priority'))]}
              required
            >
              <InputNumber
                min={0}
                max={65_535}
                precision={0}
                aria-label={label('priority')}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
        )}
      </Row>
      <Form.Item
        name="remark"
        label={label('remark')}
        tooltip={t('dns.recordHelp.remark')}
        rules={[zodRule(shape.remark, t, label('remark'))]}
      >
        <Input maxLength={DNS_LIMITS.remarkMax} showCount />
      </Form.Item>
    </>
  );
}
