export const LANGS = ['cn', 'en'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'cn';

/** Header the web client sends with every request so the server answers in the user's language. */
export const LANG_HEADER = 'lang';
export const TOKEN_HEADER = 'token';

export function parseLang(value: unknown): Lang {
  if (typeof value !== 'string') return DEFAULT_LANG;
  const v = value.toLowerCase();
  if (v === 'en' || v.startsWith('en-') || v.startsWith('en_')) return 'en';
  return 'cn';
}
