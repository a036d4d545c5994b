import { SITE_REGION_LIMITS } from '@nimbus/contract';
import { Form, InputNumber, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';

export const useMaxHeaderSizeLabel = () => useTranslation().t('siteRegion.field.maxHeaderSize');

/** The network-secure tab's header size (issue 20 §2), checked by the edge before the WAF. */
export function MaxHeaderSizeField({ rules }: { rules: FormRule[] }) {
  const { t } = useTranslation();
  const label = useMaxHeaderSizeLabel();
  return (
    <Form.Item
      name="maxHeaderSize"
      label={label}
      tooltip={t('siteRegion.help.maxHeaderSize')}
      extra={t('siteRegion.help.maxHeaderSizeExtra', {
        min: SITE_REGION_LIMITS.headerSizeMin,
        max: SITE_REGION_LIMITS.headerSizeMax,
      })}
      rules={rules}
    >
      <InputNumber<number>
        min={0}
        max={SITE_REGION_LIMITS.headerSizeMax}
        precision={0}
        suffix={t('siteRegion.bytes')}
        aria-label={label}
        style={{ width: 220 }}
      />
    </Form.Item>
  );
}
