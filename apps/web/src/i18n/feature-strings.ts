import type { Lang } from '@nimbus/contract';
import { beforeLanguageChange, i18n } from './index';
import type { StringTree } from './strings';

/**
 * A console feature's strings load with the code that shows them (ADR 0018): one small chunk
 * per feature and language, fetched beside a page's own chunk, so a page carries only its
 * feature's words in the language on screen. The public pages' features (auth, unavailable)
 * are in the first load instead (index.ts).
 */
const featureFiles = import.meta.glob<StringTree>(
  ['../features/*/i18n/*.json', '!../features/{auth,unavailable}/i18n/*.json'],
  { import: 'default' },
);

/** Features whose words the console frame itself shows: the menu titles and the message bell's drawer. */
export const FRAME_STRING_FEATURES: readonly string[] = ['menu', 'message'];

/**
 * Words a feature's pages show from another feature, because they render its components or
 * labels. `feature-strings.test.ts` derives this from the imports and keys in the code and
 * fails when an entry is missing.
 */
export const BORROWED_STRINGS: Readonly<Record<string, readonly string[]>> = {
  account: ['orders'],
  customers: ['account'],
  'mail-settings': ['system-config'],
  'node-monitor': ['system-config'],
  orders: ['payment'],
  payment: ['system-config'],
  plans: ['products'],
  'sms-settings': ['system-config'],
  'wechat-settings': ['system-config'],
  sites: ['certificates', 'config-state'],
  stream: ['config-state'],
  'work-orders': ['sites'],
};

/**
 * Words that a lazily loaded part of a feature loads itself (with `loadFeatureStrings`) when it
 * is shown, instead of with every page of the feature: the dashboard shows the DNS pages'
 * "PowerDNS is not running" notice only on a DNS console without PowerDNS, and the CDN
 * dashboard's first load should not carry the DNS pages' words for it.
 */
export const STRINGS_LOADED_ON_DEMAND: Readonly<Record<string, readonly string[]>> = {
  dashboard: ['dns'],
};

/** `feature/lang` → its load, kept once it succeeds (a failed one is tried again next time). */
const loads = new Map<string, Promise<void>>();
/** Every feature asked for so far: their strings follow the language when it changes. */
const inUse = new Set<string>();

function loadOne(feature: string, lang: Lang): Promise<void> {
  const key = `${feature}/${lang}`;
  let load = loads.get(key);
  if (!load) {
    const file = featureFiles[`../features/${feature}/i18n/${lang}.json`];
    load = file
      ? file().then((strings) => {
          i18n.addResourceBundle(lang, 'translation', strings, true, true);
        })
      : Promise.resolve();
    load.catch(() => loads.delete(key));
    loads.set(key, load);
  }
  return load;
}

/** The features and, transitively, those they borrow words from. */
function withBorrowed(features: readonly string[]): string[] {
  const all = new Set<string>();
  const visit = (feature: string) => {
    if (all.has(feature)) return;
    all.add(feature);
    (BORROWED_STRINGS[feature] ?? []).forEach(visit);
  };
  features.forEach(visit);
  return [...all];
}

function currentLang(): Lang {
  return i18n.language === 'en' ? 'en' : 'cn';
}

/** Loads these features' strings in the language on screen (and keeps them in step with it). */
export async function loadFeatureStrings(features: readonly string[]): Promise<void> {
  const all = withBorrowed(features);
  all.forEach((feature) => inUse.add(feature));
  await Promise.all(all.map((feature) => loadOne(feature, currentLang())));
}

// A language switch waits for the words of everything loaded so far in the new language.
beforeLanguageChange(async (lang) => {
  await Promise.all([...inUse].map((feature) => loadOne(feature, lang)));
});
