import {
  FullscreenExitOutlined,
  FullscreenOutlined,
  MoonOutlined,
  SettingOutlined,
  SunOutlined,
  TranslationOutlined,
} from '@ant-design/icons';
import { LANGS, type Lang } from '@nimbus/contract';
import { Button, Dropdown, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, setLanguage } from '@/i18n';
import { useThemeSettings } from '@/shared/settings/theme-settings';
import { MessageBell } from './MessageBell';
import { useFeedback } from '@/shared/feedback/feedback-context';

/** cn ↔ en; every string, antd's own included, follows (spec §1). Usable on the public pages too. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current: Lang = i18n.language === 'en' ? 'en' : 'cn';
  return (
    <Dropdown
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: LANGS.map((lang) => ({ key: lang, label: LANGUAGE_NAMES[lang] })),
        onClick: ({ key }) => void setLanguage(key as Lang),
      }}
    >
      <Button type="text" icon={<TranslationOutlined />} aria-label={t('layout.language')} />
    </Dropdown>
  );
}

/** Light ↔ dark, kept with the theme settings. Usable on the public pages too. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const { dark, update } = useThemeSettings();
  const label = t(dark ? 'layout.lightMode' : 'layout.darkMode');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        icon={dark ? <SunOutlined /> : <MoonOutlined />}
        aria-label={label}
        onClick={() => update({ dark: !dark })}
      />
    </Tooltip>
  );
}

function FullscreenButton() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [full, setFull] = useState(() => document.fullscreenElement !== null);
  useEffect(() => {
    const onChange = () => setFull(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggle = () => {
    if (!document.fullscreenEnabled) {
      void message.warning(t('layout.fullscreenUnsupported'));
      return;
    }
    const done = full ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    done.catch(() => void message.warning(t('layout.fullscreenUnsupported')));
  };
  const label = t(full ? 'layout.exitFullscreen' : 'layout.fullscreen');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        aria-label={label}
        onClick={toggle}
      />
    </Tooltip>
  );
}

interface Props {
  compact: boolean;
  onOpenSettings: () => void;
}

/** The header's buttons; each can be hidden in the theme drawer except the settings button. */
export function HeaderActions({ compact, onOpenSettings }: Props) {
  const { t } = useTranslation();
  const { headerActions } = useThemeSettings();
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: compact ? 0 : 4 }}>
      {headerActions.fullscreen && !compact && <FullscreenButton />}
      {headerActions.language && <LanguageSwitch />}
      {headerActions.theme && <ThemeToggle />}
      {headerActions.message && <MessageBell />}
      <Tooltip title={t('layout.themeSettings')}>
        <Button
          type="text"
          icon={<SettingOutlined />}
          aria-label={t('layout.themeSettings')}
          onClick={onOpenSettings}
        />
      </Tooltip>
    </div>
  );
}
