import {
  CODE_CHANNELS,
  SMS_PROVIDER_KEYS,
  standardRegistrationOpen,
  type CodeChannel,
} from '@nimbus/contract';
import { FALLBACK_WEB_CONFIG, useWebConfig } from '@/shared/config/useWebConfig';
import { useThemeSettings } from '@/shared/settings/theme-settings';

export interface Brand {
  name: string;
  /** Logo image for the current theme, or null to draw the default mark. */
  logo: string | null;
  icp: string;
}

/** The site's name, logo (light or dark, falling back to the other) and ICP line from web config. */
export function useBrand(): Brand {
  const { config } = useWebConfig();
  const { dark } = useThemeSettings();
  const { webName, logoImgLight, logoImgDark, icp } = config.basic;
  const logo = (dark ? logoImgDark || logoImgLight : logoImgLight || logoImgDark) || null;
  return { name: webName.trim() || FALLBACK_WEB_CONFIG.basic.webName, logo, icp: icp.trim() };
}

/**
 * Whether the register form is offered: web config `power.register` 1 turns registration off,
 * `power.registerCommon` 0 this username-and-password form (the server refuses both alike).
 */
export function useRegisterOpen(): boolean {
  return standardRegistrationOpen(useWebConfig().config.power);
}

/**
 * The channels that can deliver a code: the server sends by e-mail only while MAIL_CONFIG_KEY
 * is switched on, by SMS through the first provider switched on. Until web config has loaded,
 * both are offered rather than flashing a "not configured" warning.
 */
export function useCodeChannels(): CodeChannel[] {
  const { config, loaded } = useWebConfig();
  if (!loaded) return [...CODE_CHANNELS];
  const on = {
    mail: config.switches.MAIL_CONFIG_KEY,
    sms: SMS_PROVIDER_KEYS.some((key) => config.switches[key]),
  };
  return CODE_CHANNELS.filter((channel) => on[channel]);
}
