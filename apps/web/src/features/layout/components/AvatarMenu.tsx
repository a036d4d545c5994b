import {
  ApiOutlined,
  AppstoreOutlined,
  DownOutlined,
  LogoutOutlined,
  MoneyCollectOutlined,
  NotificationOutlined,
  ProfileOutlined,
  SafetyCertificateOutlined,
  ShoppingOutlined,
  TeamOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { Avatar, Dropdown, theme, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAvatarEntries } from '@/app/routing/route-context';
import type { AvatarEntry } from '@/features/layout/lib/avatar-entries';
import { displayNameOf, type CurrentUser } from '@/shared/auth/useCurrentUser';
import { useLogout } from '@/shared/auth/useLogout';
import { loadFeatureStrings } from '@/i18n/feature-strings';
import { lazyNamed } from '@/shared/lazy/lazy-page';
import { MountWhenOpened } from '@/shared/lazy/MountWhenOpened';

// The drawer and its words load when first opened, not with the console frame.
const WhatsNewDrawer = lazyNamed(
  () =>
    Promise.all([
      import('@/features/whats-new/components/WhatsNewDrawer'),
      loadFeatureStrings(['whats-new']),
    ]).then(([module]) => module),
  'WhatsNewDrawer',
);

/** Not a path (entries' keys are), so it can never be taken for a page to open. */
const WHATS_NEW_KEY = 'whats-new';

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

/**
 * The avatar and its dropdown: the console's own entries (spec §2 Layout), "What's new" (every
 * console: the release notes in a drawer), then sign out.
 */
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
  const [whatsNewOpen, setWhatsNewOpen] = useState(false);

  const items: MenuProps['items'] = [
    ...entries.map((entry) => ({ key: entry.path, icon: ICONS[entry.icon], label: t(entry.label) })),
    { key: WHATS_NEW_KEY, icon: <NotificationOutlined />, label: t('avatar.whatsNew') },
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: t('layout.signOut'), danger: true },
  ];

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items,
          onClick: ({ key }) => {
            if (key === 'logout') void logout();
            else if (key === WHATS_NEW_KEY) setWhatsNewOpen(true);
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
      <MountWhenOpened open={whatsNewOpen}>
        <WhatsNewDrawer open={whatsNewOpen} onClose={() => setWhatsNewOpen(false)} />
      </MountWhenOpened>
    </>
  );
}
