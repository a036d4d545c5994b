import { signRequest, urlAuthExpiry, type ContentSecureSettings, type SignedRequest } from '@nimbus/contract';
import { Alert, Button, Card, DatePicker, Form, Input, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { settingsFormLayout } from '@/shared/forms/settings-form-layout';

interface GeneratorValues {
  path: string;
  expires?: Dayjs | null;
  uid?: string;
}

export interface LinkGeneratorProps {
  /** The section as saved: what the edges check, so what a link must be signed with. */
  saved: ContentSecureSettings;
  /** The tab's form differs from `saved`: said, since the link follows the saved settings. */
  dirty: boolean;
  domain: string;
  https: boolean;
}

/**
 * Signs one link in the browser with the contract's signRequest (the formulas the edge checks)
 * and the saved primary key; the key never leaves the page. The time written is chosen so the
 * link expires at the time asked for (or now + lifetime).
 */
export function LinkGenerator({ saved, dirty, domain, https }: LinkGeneratorProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<GeneratorValues>();
  const [signed, setSigned] = useState<{ request: SignedRequest; expiry: number }>();
  const label = (name: string) => t(`siteContentSecure.generator.${name}`);
  const origin = domain.startsWith('*.') ? '' : `${https ? 'https' : 'http'}://${domain}`;

  const sign = (values: GeneratorValues) => {
    const at = values.expires ? values.expires.unix() - saved.ttl : Math.floor(Date.now() / 1000);
    const uid = values.uid?.trim() || undefined;
    const request = signRequest(saved, values.path.trim(), at, { uid });
    setSigned({ request, expiry: urlAuthExpiry(saved, at) });
  };

  return (
    <Card size="small" title={label('title')} style={{ maxWidth: 1100, marginTop: 16 }}>
      <Typography.Paragraph type="secondary">{label('intro')}</Typography.Paragraph>
      {!saved.enabled ? (
        <Alert type="warning" showIcon title={label('off')} />
      ) : (
        <>
          {dirty && <Alert type="warning" showIcon title={label('unsaved')} style={{ marginBottom: 16 }} />}
          <Form
            {...settingsFormLayout}
            form={form}
            aria-label={label('title')}
            initialValues={{ path: '/' }}
            onFinish={sign}
            onValuesChange={() => setSigned(undefined)}
          >
            <Form.Item
              name="path"
              label={label('path')}
              extra={label('pathHelp')}
              rules={[{ required: true, pattern: /^\//, message: label('pathInvalid') }]}
            >
              <Input aria-label={label('path')} spellCheck={false} style={{ maxWidth: 520 }} />
            </Form.Item>
            <Form.Item
              name="expires"
              label={label('expires')}
              extra={label('expiresHelp')}
              rules={[
                {
                  validator: (_rule, value: Dayjs | null | undefined) =>
                    !value || value.isAfter(dayjs())
                      ? Promise.resolve()
                      : Promise.reject(new Error(label('expiresPast'))),
                },
              ]}
            >
              <DatePicker showTime aria-label={label('expires')} />
            </Form.Item>
            {saved.type === 'A' && (
              <Form.Item
                name="uid"
                label={label('uid')}
                extra={label('uidHelp')}
                rules={[{ pattern: /^[A-Za-z0-9]{0,64}$/, message: label('uidInvalid') }]}
              >
                <Input aria-label={label('uid')} spellCheck={false} style={{ maxWidth: 240 }} />
              </Form.Item>
            )}
            <Form.Item label=" " colon={false}>
              <Button htmlType="submit">{label('sign')}</Button>
            </Form.Item>
          </Form>
          {signed && (
            <div role="region" aria-label={label('result')}>
              <Typography.Text strong>{label('result')}</Typography.Text>
              <Typography.Paragraph
                code
                copyable={{
                  text: `${origin}${signed.request.url}`,
                  tooltips: [label('copy'), label('copied')],
                }}
                style={{ wordBreak: 'break-all' }}
                data-testid="signed-link"
              >
                {`${origin}${signed.request.url}`}
              </Typography.Paragraph>
              {signed.request.header && (
                <Typography.Paragraph>
                  {label('header')}{' '}
                  <Typography.Text
                    code
                    copyable={{ tooltips: [label('copy'), label('copied')] }}
                    data-testid="signed-header"
                  >{`${signed.request.header.name}: ${signed.request.header.value}`}</Typography.Text>
                </Typography.Paragraph>
              )}
              <Typography.Text type="secondary">
                {t('siteContentSecure.generator.validUntil', {
                  time: dayjs.unix(signed.expiry).format('YYYY-MM-DD HH:mm:ss'),
                })}
              </Typography.Text>
            </div>
          )}
        </>
      )}
    </Card>
  );
}
