import { COUNTRY_CODES, countryName, type Lang } from '@nimbus/contract';

export interface CountryOption {
  value: string;
  label: string;
}

const cache = new Map<Lang, CountryOption[]>();

/** Every country as "name (CODE)" in the language, sorted as its readers expect. */
export function countryOptions(lang: Lang): CountryOption[] {
  let options = cache.get(lang);
  if (!options) {
    const collator = new Intl.Collator(lang === 'en' ? 'en' : 'zh-CN');
    options = COUNTRY_CODES.map((code) => ({
      value: code,
      label: `${countryName(code, lang)} (${code})`,
    })).sort((a, b) => collator.compare(a.label, b.label));
    cache.set(lang, options);
  }
  return options;
}

/** A WAF value ("US | ca") as the codes a picker shows; `|`-joined back. */
export const codesOfValue = (value: string | undefined): string[] => [
  ...new Set(
    (value ?? '')
      .split('|')
      .map((v) => v.trim().toUpperCase())
      .filter(Boolean),
  ),
];
export const valueOfCodes = (codes: readonly string[]) => codes.join('|');
