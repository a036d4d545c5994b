import { MailOutlined, MobileOutlined, QqOutlined, SendOutlined, SkypeOutlined } from '@ant-design/icons';
import { Space, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useWebConfig } from '@/shared/config/useWebConfig';
import { TextLink } from '@/shared/ui/PlainText';

interface Contact {
  key: string;
  icon: ReactNode;
  label: string;
  value: string;
  href?: string;
}

/**
 * Spec §2 Layout footer: company, home, terms and the contacts the web config fills in (each only
 * when set).
 */
export function AppFooter() {
  const { t } = useTranslation();
  const { config } = useWebConfig();
  const { token } = theme.useToken();
  const { contact, basic, otherSite, seo } = config;
  const company = contact.company || basic.webName;
  const telegram = contact.telegram || seo.telegram;
  const skype = contact.skype || seo.skype;

  const contacts: Contact[] = [
    {
      key: 'mobile',
      icon: <MobileOutlined />,
      label: t('footer.mobile'),
      value: contact.mobile,
      href: `tel:${contact.mobile}`,
    },
    {
      key: 'email',
      icon: <MailOutlined />,
      label: t('footer.email'),
      value: contact.email,
      href: `mailto:${contact.email}`,
    },
    { key: 'qq', icon: <QqOutlined />, label: 'QQ', value: contact.qq },
    {
      key: 'telegram',
      icon: <SendOutlined />,
      label: 'Telegram',
      value: telegram,
      href: /^[A-Za-z0-9_]{5,}$/.test(telegram.replace(/^@/, ''))
        ? `https://t.me/${telegram.replace(/^@/, '')}`
        : undefined,
    },
    { key: 'skype', icon: <SkypeOutlined />, label: 'Skype', value: skype, href: `skype:${skype}?chat` },
  ].filter((entry) => entry.value.trim() !== '');

  const muted = { color: token.colorTextSecondary, fontSize: 13 };
  return (
    <footer style={{ padding: '16px 24px 24px', textAlign: 'center', ...muted }}>
      {contacts.length > 0 && (
        <Space wrap size={[20, 4]} style={{ justifyContent: 'center', marginBottom: 8 }}>
          {contacts.map((entry) => (
            <span key={entry.key}>
              {entry.icon} {entry.label}:{' '}
              {entry.href ? (
                <TextLink href={entry.href} style={{ fontSize: 13 }}>
                  {entry.value}
                </TextLink>
              ) : (
                entry.value
              )}
            </span>
          ))}
        </Space>
      )}
      <Space wrap size={[16, 4]} style={{ justifyContent: 'center' }} separator={<span>·</span>}>
        <span>
          © {new Date().getFullYear()} {company}
        </span>
        {otherSite.siteUrl ? (
          <TextLink href={otherSite.siteUrl} target="_blank" rel="noreferrer" style={{ fontSize: 13 }}>
            {t('footer.home')}
          </TextLink>
        ) : (
          <Link to="/console">{t('footer.home')}</Link>
        )}
        {basic.termsUrl && (
          <TextLink href={basic.termsUrl} target="_blank" rel="noreferrer" style={{ fontSize: 13 }}>
            {t('footer.terms')}
          </TextLink>
        )}
        {basic.icp && (
          <TextLink
            href="https://beian.miit.gov.cn/"
            target="_blank"
            rel="noreferrer"
            style={{ fontSize: 13 }}
          >
            {basic.icp}
          </TextLink>
        )}
      </Space>
    </footer>
  );
}
