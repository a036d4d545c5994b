import { PAGE_SIZES } from '@nimbus/contract';
import { Segmented, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  useThemeSettings,
  type HeaderActions,
  type TableAlign,
  type TableSize,
} from '@/shared/settings/theme-settings';
import { SettingRow, SettingTitle } from './SettingRow';

const ACTIONS: (keyof HeaderActions)[] = ['fullscreen', 'language', 'theme', 'message'];

export function HeaderActionSettings() {
  const { t } = useTranslation();
  const { headerActions, update } = useThemeSettings();
  return (
    <>
      <SettingTitle>{t('theme.headerActions')}</SettingTitle>
      {ACTIONS.map((action) => (
        <SettingRow key={action} label={t(`theme.action.${action}`)}>
          <Switch
            size="small"
            checked={headerActions[action]}
            onChange={(checked) => update({ headerActions: { [action]: checked } })}
          />
        </SettingRow>
      ))}
    </>
  );
}

export function TableSettings() {
  const { t } = useTranslation();
  const { table, update } = useThemeSettings();
  return (
    <>
      <SettingTitle>{t('theme.table')}</SettingTitle>
      <SettingRow label={t('theme.stripe')}>
        <Switch size="small" checked={table.stripe} onChange={(stripe) => update({ table: { stripe } })} />
      </SettingRow>
      <SettingRow label={t('theme.border')}>
        <Switch size="small" checked={table.border} onChange={(border) => update({ table: { border } })} />
      </SettingRow>
      <SettingRow label={t('theme.size')}>
        <Segmented
          size="small"
          value={table.size}
          onChange={(size) => update({ table: { size: size as TableSize } })}
          options={(['small', 'middle', 'large'] as const).map((value) => ({
            value,
            label: t(`theme.sizes.${value}`),
          }))}
        />
      </SettingRow>
      <SettingRow label={t('theme.align')}>
        <Segmented
          size="small"
          value={table.align}
          onChange={(align) => update({ table: { align: align as TableAlign } })}
          options={(['left', 'center', 'right'] as const).map((value) => ({
            value,
            label: t(`theme.aligns.${value}`),
          }))}
        />
      </SettingRow>
      <SettingRow label={t('theme.pageSize')}>
        <Select
          size="small"
          style={{ width: 110 }}
          value={table.pageSize}
          onChange={(pageSize) => update({ table: { pageSize } })}
          options={PAGE_SIZES.map((size) => ({ value: size, label: t('theme.perPage', { size }) }))}
        />
      </SettingRow>
    </>
  );
}
