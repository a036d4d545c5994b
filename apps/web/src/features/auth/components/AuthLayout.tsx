import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Button, theme, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '@/features/auth/components/BrandMark';
import { useBrand } from '@/features/auth/hooks/useSiteConfig';
import { LANGUAGE_NAMES, setLanguage } from '@/i18n';
import { useThemeSettings } from '@/shared/settings/theme-settings';
import { Heading } from '@/shared/ui/PlainText';

interface AuthLayoutProps {
  title: string;
  children: ReactNode;
  /** Wider card for the longer forms (registration). */
  wide?: boolean;
}

/** The frame of every public account page: a branded card centred over a quiet background. */
export function AuthLayout({ title, children, wide }: AuthLayoutProps) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const { dark, update } = useThemeSettings();
  const brand = useBrand();
  // One button that offers the other language (a segmented control would cost the first load more).
  const otherLang = i18n.language === 'en' ? 'cn' : 'en';

  const background = [
    `radial-gradient(circle at 12% 18%, ${token.colorPrimaryBg} 0, transparent 42%)`,
    `radial-gradient(circle at 88% 82%, ${token.colorPrimaryBg} 0, transparent 38%)`,
    `linear-gradient(180deg, ${token.colorBgLayout}, ${token.colorBgLayout})`,
  ].join(', ');
  const grid = `linear-gradient(${token.colorBorderSecondary} 1px, transparent 1px), linear-gradient(90deg, ${token.colorBorderSecondary} 1px, transparent 1px)`;

  return (
    <div
      style={{
        position: 'relative',
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        background,
      }}
    >
      <div
        aria-hidden
        style={{
          position: 'absolute',
          inset: 0,
          backgroundImage: grid,
          backgroundSize: '40px 40px',
          opacity: 0.5,
          maskImage: 'radial-gradient(ellipse at center, #000 0, transparent 70%)',
          pointerEvents: 'none',
        }}
      />
      <header
        style={{ position: 'relative', display: 'flex', justifyContent: 'flex-end', gap: 8, padding: 16 }}
      >
        <Button
          type="text"
          lang={otherLang === 'en' ? 'en' : 'zh-CN'}
          onClick={() => void setLanguage(otherLang)}
          title={t('auth.layout.language')}
        >
          {LANGUAGE_NAMES[otherLang]}
        </Button>
        <Tooltip title={dark ? t('auth.layout.lightMode') : t('auth.layout.darkMode')}>
          <Button
            shape="circle"
            icon={dark ? <SunOutlined /> : <MoonOutlined />}
            onClick={() => update({ dark: !dark })}
            aria-label={dark ? t('auth.layout.lightMode') : t('auth.layout.darkMode')}
          />
        </Tooltip>
      </header>
      <main
        style={{
          position: 'relative',
          flex: 1,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          padding: '8px 16px 32px',
        }}
      >
        <div style={{ width: '100%', maxWidth: wide ? 480 : 420 }}>
          <BrandMark brand={brand} />
          {/* A plain panel, not antd's Card: Card brings Tabs and Menu with it, a fifth of
              the login page's JavaScript for a box with a shadow. */}
          <section
            style={{
              background: token.colorBgContainer,
              boxShadow: token.boxShadowSecondary,
              borderRadius: token.borderRadiusLG * 1.5,
              padding: '28px 32px 24px',
            }}
          >
            <Heading level={4} style={{ marginBottom: 20 }}>
              {title}
            </Heading>
            {children}
          </section>
        </div>
      </main>
      <footer
        style={{
          position: 'relative',
          textAlign: 'center',
          padding: 16,
          fontSize: token.fontSizeSM,
          color: token.colorTextTertiary,
        }}
      >
        © {new Date().getFullYear()} {brand.name}
        {brand.icp ? ` · ${brand.icp}` : ''}
      </footer>
    </div>
  );
}
