import {
  ApiOutlined,
  AppstoreOutlined,
  DownOutlined,
  LogoutOutlined,
  MoneyCollectOutlined,
  ProfileOutlined,
  SafetyCertificateOutlined,
  ShoppingOutlined,
  TeamOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { Avatar, Dropdown, theme, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAvatarEntries } from '@/app/routing/route-context';
import type { AvatarEntry } from '@/features/layout/lib/avatar-entries';
import { displayNameOf, type CurrentUser } from '@/shared/auth/useCurrentUser';
import { useLogout } from '@/shared/auth/useLogout';

const ICONS: Record<AvatarEntry['icon'], React.ReactNode> = {
  user: <UserOutlined />,
  shopping: <ShoppingOutlined />,
  wallet: <WalletOutlined />,
  api: <ApiOutlined />,
  team: <TeamOutlined />,
  appstore: <AppstoreOutlined />,
  money: <MoneyCollectOutlined />,
  safety: <SafetyCertificateOutlined />,
  profile: <ProfileOutlined />,
};

/** The avatar and its dropdown: the console's own entries (spec §2 Layout), then sign out. */
export function AvatarMenu({
  user,
  compact,
  onDark,
}: {
  user: CurrentUser;
  compact: boolean;
  onDark: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const { token } = theme.useToken();
  const name = displayNameOf(user);
  const entries = useAvatarEntries();

  const items: MenuProps['items'] = [
    ...entries.map((entry) => ({ key: entry.path, icon: ICONS[entry.icon], label: t(entry.label) })),
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: t('layout.signOut'), danger: true },
  ];

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        onClick: ({ key }) => {
          if (key === 'logout') void logout();
          else void navigate(key);
        },
      }}
    >
      <button
        type="button"
        // The visible name is part of the accessible name (WCAG 2.5.3 label in name).
        aria-label={`${t('layout.accountMenu')} ${name}`}
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 8,
          height: 40,
          padding: '0 8px',
          border: 'none',
          background: 'transparent',
          cursor: 'pointer',
          color: onDark ? '#fff' : token.colorText,
          font: 'inherit',
        }}
      >
        <Avatar size={28} style={{ background: token.colorPrimary }} icon={<UserOutlined />} />
        {!compact && (
          <span style={{ maxWidth: 140, overflow: 'hidden', textOverflow: 'ellipsis' }}>{name}</span>
        )}
        {!compact && <DownOutlined style={{ fontSize: 10 }} />}
      </button>
    </Dropdown>
  );
}
