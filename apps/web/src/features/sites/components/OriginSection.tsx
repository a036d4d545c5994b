import { BALANCE_MODES, ORIGIN_PROTOCOLS } from '@nimbus/contract';
import { Form, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { OriginsEditor } from '@/features/sites/components/OriginsEditor';

/**
 * Back-to-source settings shared by the site form and bulk add: protocol, balancing, origins. The
 * domain-admin page shows balancing on its upstream tab instead (`withBalance` false).
 */
export function OriginSection({ withBalance = true }: { withBalance?: boolean }) {
  const { t } = useTranslation();
  const protocolLabel = {
    http: t('sites.form.protocolHttp'),
    https: t('sites.form.protocolHttps'),
    follow: t('sites.form.protocolFollow'),
  };
  const balanceLabel = {
    round_robin: t('sites.form.balanceRoundRobin'),
    ip_hash: t('sites.form.balanceIpHash'),
    cookie: t('sites.form.balanceCookie'),
  };
  return (
    <>
      <Form.Item
        name="originProtocol"
        label={t('sites.form.originProtocol')}
        tooltip={t('sites.help.originProtocol')}
        extra={t('sites.help.originProtocolExtra')}
      >
        <Radio.Group
          optionType="button"
          options={ORIGIN_PROTOCOLS.map((value) => ({ value, label: protocolLabel[value] }))}
        />
      </Form.Item>
      {withBalance && (
        <Form.Item
          name="balance"
          label={t('sites.form.balance')}
          tooltip={t('sites.help.balance')}
          extra={t('sites.help.balanceExtra')}
        >
          <Radio.Group
            optionType="button"
            options={BALANCE_MODES.map((value) => ({ value, label: balanceLabel[value] }))}
          />
        </Form.Item>
      )}
      <OriginsEditor />
    </>
  );
}
