import { CloudOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentVariant } from '@/app/variant';
import type { Brand } from '@/features/auth/hooks/useSiteConfig';
import { Heading, MutedText } from '@/shared/ui/PlainText';

const MARK_SIZE = 44;

/** Logo, site name and which of the four consoles this is, above the account card. */
export function BrandMark({ brand }: { brand: Brand }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();

  return (
    <div
      style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 12, marginBottom: 24 }}
    >
      {brand.logo ? (
        <img
          src={brand.logo}
          alt={brand.name}
          style={{ height: MARK_SIZE, maxWidth: 160, objectFit: 'contain' }}
        />
      ) : (
        <span
          aria-hidden
          style={{
            width: MARK_SIZE,
            height: MARK_SIZE,
            borderRadius: 12,
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
            color: '#fff',
            fontSize: 24,
            background: `linear-gradient(135deg, ${token.colorPrimary}, ${token.colorPrimaryActive})`,
            boxShadow: `0 6px 16px ${token.colorPrimaryBorder}`,
          }}
        >
          <CloudOutlined />
        </span>
      )}
      <div style={{ textAlign: 'left' }}>
        <Heading level={3} style={{ margin: 0, lineHeight: 1.2 }}>
          {brand.name}
        </Heading>
        <MutedText data-testid="console-name">{t(`auth.brand.console.${currentVariant.variant}`)}</MutedText>
      </div>
    </div>
  );
}
