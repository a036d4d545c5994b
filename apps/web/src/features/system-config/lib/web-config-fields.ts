import type { WebConfigSection } from '@nimbus/contract';

/** How a web config field is edited: 0/1 flags are switches, images get a preview, whole numbers a stepper. */
export type FieldKind = 'text' | 'textarea' | 'image' | 'flag' | 'lang' | 'number' | 'utcOffset';

export interface SectionField {
  name: string;
  kind: FieldKind;
  /** Has `systemConfig.field.<section>.<name>.help`. */
  help?: boolean;
}

const text = (name: string, help = false): SectionField => ({ name, kind: 'text', help });
const flag = (name: string): SectionField => ({ name, kind: 'flag', help: true });
const int = (name: string): SectionField => ({ name, kind: 'number', help: true });

/** The form of each section of spec §3 "Web config", in display order (keys of the contract's schemas). */
export const SECTION_FIELDS: { [S in WebConfigSection]: SectionField[] } = {
  basic: [
    text('webName'),
    { name: 'logoImgLight', kind: 'image', help: true },
    { name: 'logoImgDark', kind: 'image', help: true },
    { name: 'favicon', kind: 'image' },
    text('icp'),
    text('isp'),
    text('consoleUrl', true),
    text('termsUrl', true),
    { name: 'lang', kind: 'lang', help: true },
    { name: 'utcOffsetMinutes', kind: 'utcOffset', help: true },
    int('logKeepDays'),
  ],
  power: ['realName', 'bindMobile', 'stopWork', 'register', 'registerCommon', 'disabledCrud'].map(flag),
  seo: [
    text('title', true),
    { name: 'keywords', kind: 'textarea' },
    { name: 'description', kind: 'textarea' },
    text('telegram'),
    text('skype'),
  ],
  contact: ['mobile', 'email', 'qq', 'company', 'telegram', 'skype'].map((name) => text(name)),
  dns_rewrite: [text('cnameDomain', true), { name: 'dnsAddress', kind: 'textarea', help: true }],
  otherSite: [text('siteUrl', true)],
  price: [
    text('unit', true),
    text('currency', true),
    int('orderTimeoutMinutes'),
    int('rechargeMinimum'),
    int('verificationFee'),
    flag('planRequired'),
    int('trafficNoticePercent'),
    flag('trafficOverage'),
  ],
  custom: ['rewrite', 'verify', 'force', 'access-token'].map(flag),
};

/** 0/1 flags shown as switches: the form keeps the number the contract expects. */
export const flagToChecked = (value: unknown) => ({ checked: value === 1 });
export const checkedToFlag = (checked: unknown) => (checked ? 1 : 0);

/**
 * A number schema's bounds, read from the contract's schema (zod's `minValue`/`maxValue`) so the
 * stepper stops where the server's check does; undefined where the schema sets none.
 */
export function numberBounds(schema: unknown): { min?: number; max?: number } {
  const { minValue, maxValue } = schema as { minValue?: number | null; maxValue?: number | null };
  return {
    min: Number.isFinite(minValue) ? (minValue as number) : undefined,
    max: Number.isFinite(maxValue) ? (maxValue as number) : undefined,
  };
}
