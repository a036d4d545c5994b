import { CheckOutlined } from '@ant-design/icons';
import { Button, ColorPicker, Drawer, Segmented, Switch, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PRIMARY_COLOR, useThemeSettings, type AreaTheme } from '@/shared/settings/theme-settings';
import { SettingRow, SettingTitle } from './SettingRow';
import { HeaderActionSettings, TableSettings } from './ThemeDrawerSections';

/** Preset primary colours; the first is the product default (spec §9). */
export const COLOR_PRESETS = [
  DEFAULT_PRIMARY_COLOR,
  '#722ED1',
  '#13C2C2',
  '#52C41A',
  '#FA8C16',
  '#F5222D',
  '#EB2F96',
  '#2F54EB',
];

function ColorSwatches() {
  const { t } = useTranslation();
  const { primaryColor, update } = useThemeSettings();
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
      {COLOR_PRESETS.map((color) => {
        const active = color.toLowerCase() === primaryColor.toLowerCase();
        return (
          <button
            key={color}
            type="button"
            aria-label={color}
            aria-pressed={active}
            onClick={() => update({ primaryColor: color })}
            style={{
              width: 24,
              height: 24,
              borderRadius: 4,
              border: 'none',
              background: color,
              color: '#fff',
              cursor: 'pointer',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              padding: 0,
            }}
          >
            {active && <CheckOutlined style={{ fontSize: 12 }} />}
          </button>
        );
      })}
      <Tooltip title={t('theme.customColor')}>
        <ColorPicker
          size="small"
          value={primaryColor}
          disabledAlpha
          onChangeComplete={(color) => update({ primaryColor: color.toHexString().toUpperCase() })}
        />
      </Tooltip>
    </div>
  );
}

/** Spec §2 theme settings drawer: layout, colour, light/dark, header actions, table preferences. */
export function ThemeDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useThemeSettings();
  const areaOptions = [
    { label: t('theme.light'), value: 'light' },
    { label: t('theme.dark'), value: 'dark' },
  ];
  return (
    <Drawer
      title={t('layout.themeSettings')}
      open={open}
      onClose={onClose}
      size={320}
      footer={
        <Button block onClick={settings.reset}>
          {t('theme.reset')}
        </Button>
      }
    >
      <SettingTitle>{t('theme.layout')}</SettingTitle>
      <Segmented
        block
        value={settings.layoutMode}
        onChange={(value) => settings.update({ layoutMode: value })}
        options={[
          { label: t('theme.layoutSide'), value: 'side' as const },
          { label: t('theme.layoutTop'), value: 'top' as const },
        ]}
      />

      <SettingTitle>{t('theme.appearance')}</SettingTitle>
      <SettingRow label={t('theme.darkMode')}>
        <Switch size="small" checked={settings.dark} onChange={(dark) => settings.update({ dark })} />
      </SettingRow>
      <SettingRow label={t('theme.headerTheme')}>
        <Segmented
          size="small"
          disabled={settings.dark}
          value={settings.headerTheme}
          onChange={(value) => settings.update({ headerTheme: value as AreaTheme })}
          options={areaOptions}
        />
      </SettingRow>
      <SettingRow label={t('theme.asideTheme')}>
        <Segmented
          size="small"
          disabled={settings.dark || settings.layoutMode === 'top'}
          value={settings.asideTheme}
          onChange={(value) => settings.update({ asideTheme: value as AreaTheme })}
          options={areaOptions}
        />
      </SettingRow>

      <SettingTitle>{t('theme.primaryColor')}</SettingTitle>
      <ColorSwatches />

      <HeaderActionSettings />
      <TableSettings />
    </Drawer>
  );
}
