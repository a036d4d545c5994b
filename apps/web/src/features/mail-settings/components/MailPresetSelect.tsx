import { MAIL_HOST_PRESETS } from '@nimbus/contract';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { presetForHost, type MailPreset } from '@/features/mail-settings/lib/mail-form';

/**
 * Spec §2 host presets (enterprise and personal mail of Tencent and NetEase, Microsoft 365,
 * Gmail). Shows the preset matching the typed host; choosing one hands its host and port over.
 */
export function MailPresetSelect({
  host,
  onPick,
}: {
  host: string | undefined;
  onPick: (preset: MailPreset) => void;
}) {
  const { t } = useTranslation();
  return (
    <Select
      value={presetForHost(host)?.key ?? null}
      placeholder={t('mailSettings.presetPlaceholder')}
      aria-label={t('mailSettings.preset')}
      style={{ maxWidth: 420 }}
      options={MAIL_HOST_PRESETS.map((preset) => ({
        value: preset.key,
        label: `${t(preset.labelKey)} — ${preset.host}:${preset.port}`,
      }))}
      onChange={(key: string) => {
        const preset = MAIL_HOST_PRESETS.find((p) => p.key === key);
        if (preset) onPick(preset);
      }}
    />
  );
}
