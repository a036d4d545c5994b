import { DEFAULT_LANG, LANGS, publicMessages, type Lang } from '@nimbus/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import cn from './cn.json';
import en from './en.json';
import { catalogueResources } from './catalogue';
import { deepMerge, mergeFeatureStrings, type FeatureFiles, type StringTree } from './strings';

/**
 * Strings (ADR 0003, 0009, 0018, 0026): app-wide strings, the contract's public catalogue and
 * the features of the public pages are in every first load (here); each console feature's
 * strings come with its pages, and the rest of the catalogue, in one language, with the first
 * feature that uses it (`feature-strings.ts`). A feature whose strings a public page needs belongs in the glob
 * below (and is left out of feature-strings.ts).
 */
const publicFeatureFiles: FeatureFiles = import.meta.glob('../features/{auth,unavailable}/i18n/*.json', {
  eager: true,
  import: 'default',
});

export const LANG_STORAGE_KEY = 'nimbus-lang';

/** Each language's name in itself, the same in both languages (a switch must be readable by someone who cannot read the current one). */
export const LANGUAGE_NAMES: Record<Lang, string> = { cn: '简体中文', en: 'English' };

const APP_WIDE: Record<Lang, StringTree> = { cn, en };

/** Every string a public page may show, per language. */
export function publicResources(lang: Lang): StringTree {
  return mergeFeatureStrings(
    deepMerge(catalogueResources(publicMessages, lang), APP_WIDE[lang]),
    publicFeatureFiles,
    lang,
  );
}

/** The site's default language (web config basic.lang) as last seen, for the next first paint. */
const SITE_LANG_STORAGE_KEY = 'nimbus-site-lang';

function storedLang(key: string): Lang | null {
  const saved = localStorage.getItem(key);
  return saved === 'en' || saved === 'cn' ? saved : null;
}

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: storedLang(LANG_STORAGE_KEY) ?? storedLang(SITE_LANG_STORAGE_KEY) ?? DEFAULT_LANG,
  fallbackLng: false,
  resources: Object.fromEntries(LANGS.map((lang) => [lang, { translation: publicResources(lang) }])),
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Adds strings (both languages) to the running instance: feature files and catalogue parts. */
export function addStrings(files: FeatureFiles, catalogue: Record<string, Record<Lang, string>>): void {
  for (const lang of LANGS) {
    const strings = mergeFeatureStrings(catalogueResources(catalogue, lang), files, lang);
    i18n.addResourceBundle(lang, 'translation', strings, true, true);
  }
}

/** What must load before the language changes (the console's feature strings, once it runs). */
const languageLoaders: ((lang: Lang) => Promise<void>)[] = [];

export function beforeLanguageChange(load: (lang: Lang) => Promise<void>): void {
  languageLoaders.push(load);
}

/** How long a switch waits for the new language's strings before it goes ahead regardless. */
const STRINGS_WAIT_MS = 10_000;

/**
 * Switches once the new language's strings are there, so no screen shows bare keys meanwhile.
 * The person's choice is honoured even if they cannot be loaded (offline, a slow network): the
 * screens they do not cover load again with the next page.
 */
let latestSwitch = 0;

async function switchTo(lang: Lang): Promise<void> {
  const switchNumber = ++latestSwitch;
  // Each load settles on its own: one that fails does not cut short the wait for the others.
  const loaded = Promise.allSettled(languageLoaders.map((load) => load(lang)));
  await Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, STRINGS_WAIT_MS))]);
  // A later switch (the person's own choice after the site default, say) wins over one still waiting.
  if (switchNumber === latestSwitch) await i18n.changeLanguage(lang);
}

/**
 * The web config's default language (basic.lang) applies to visitors who have not chosen one
 * on this browser; their own choice (setLanguage) always wins.
 */
export async function followSiteLanguage(lang: Lang): Promise<void> {
  localStorage.setItem(SITE_LANG_STORAGE_KEY, lang);
  if (storedLang(LANG_STORAGE_KEY) === null && i18n.language !== lang) await switchTo(lang);
}

export async function setLanguage(lang: Lang): Promise<void> {
  localStorage.setItem(LANG_STORAGE_KEY, lang);
  await switchTo(lang);
}
