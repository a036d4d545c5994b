import {
  STREAM_BALANCE_MODES,
  STREAM_LIMITS,
  STREAM_PROTOCOLS,
  streamSaveRequestSchema,
} from '@nimbus/contract';
import { Col, Form, Input, Radio, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { MinOnEmptyNumber } from '@/features/stream/components/MinOnEmptyNumber';
import { StreamOriginsEditor } from '@/features/stream/components/StreamOriginsEditor';
import { STREAM_NUMBER_RANGES } from '@/features/stream/lib/stream-form';
import { zodRule } from '@/shared/forms/zod-rules';

/** The fields of a rule, each with its help; rows check themselves with the contract's rules. */
export function StreamFormFields() {
  const { t } = useTranslation();
  const { shape } = streamSaveRequestSchema;
  const label = {
    name: t('stream.form.name'),
    protocol: t('stream.form.protocol'),
    listenPort: t('stream.form.listenPort'),
    balance: t('stream.form.balance'),
    connectTimeout: t('stream.form.connectTimeout'),
    enabled: t('stream.form.enabled'),
  };
  const balanceLabel = { round_robin: t('stream.balance.round_robin'), ip_hash: t('stream.balance.ip_hash') };
  const { min, max } = STREAM_NUMBER_RANGES.connectTimeoutSeconds;

  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="name"
            label={label.name}
            tooltip={t('stream.help.name')}
            rules={[zodRule(shape.name, t, label.name)]}
          >
            <Input placeholder={t('stream.form.namePlaceholder')} maxLength={64} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="protocol" label={label.protocol} tooltip={t('stream.help.protocol')}>
            <Radio.Group
              optionType="button"
              aria-label={label.protocol}
              options={STREAM_PROTOCOLS.map((value) => ({ value, label: value.toUpperCase() }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="listenPort"
            label={label.listenPort}
            tooltip={t('stream.help.listenPort')}
            extra={t('stream.help.listenPortExtra')}
            rules={[zodRule(shape.listenPort, t, label.listenPort, true)]}
          >
            <Input placeholder={t('stream.form.portPlaceholder')} inputMode="numeric" maxLength={5} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="balance" label={label.balance} tooltip={t('stream.help.balance')}>
            <Radio.Group
              optionType="button"
              aria-label={label.balance}
              options={STREAM_BALANCE_MODES.map((value) => ({ value, label: balanceLabel[value] }))}
            />
          </Form.Item>
        </Col>
      </Row>
      <StreamOriginsEditor />
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="connectTimeoutSeconds"
            label={label.connectTimeout}
            tooltip={t('stream.help.connectTimeout')}
            extra={t('stream.help.connectTimeoutExtra', {
              min,
              max,
              initial: STREAM_LIMITS.connectTimeoutDefault,
            })}
          >
            <MinOnEmptyNumber
              min={min}
              max={max}
              aria-label={label.connectTimeout}
              suffix={t('stream.secondsUnit')}
              style={{ width: 180 }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="enabled"
            label={label.enabled}
            tooltip={t('stream.help.enabled')}
            valuePropName="checked"
          >
            <Switch aria-label={label.enabled} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
