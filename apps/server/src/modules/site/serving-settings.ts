import { siteServingSettingsSchema, type SiteServingSettings } from '@nimbus/contract';

/**
 * A site row's serving settings with every section filled: sections never saved read as their
 * defaults, and a stored section that no longer passes the schema (a rule tightened since it was
 * saved) reads as its defaults too rather than reaching an edge unchecked.
 */
export function servingSettingsOf(row: { settings: Record<string, unknown> }): SiteServingSettings {
  const parsed = siteServingSettingsSchema.safeParse(row.settings);
  if (parsed.success) return parsed.data;
  const sections = Object.fromEntries(
    Object.entries(row.settings).filter(
      ([key, value]) =>
        siteServingSettingsSchema.shape[key as keyof SiteServingSettings]?.safeParse(value).success,
    ),
  );
  return siteServingSettingsSchema.parse(sections);
}
