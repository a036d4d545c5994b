import type { Lang } from '@nimbus/contract';
import { beforeLanguageChange, i18n } from './index';
import type { StringTree } from './strings';

/** The name the console's part of the contract's catalogue goes by among the features' strings. */
export const CATALOGUE = 'contract-catalogue';

/**
 * A console feature's strings load with the code that shows them (ADR 0018): one small chunk
 * per feature and language, fetched beside a page's own chunk, so a page carries only its
 * feature's words in the language on screen. The public pages' features (auth, unavailable)
 * are in the first load instead (index.ts).
 */
const featureFiles: Record<string, () => Promise<StringTree>> = {
  ...import.meta.glob<StringTree>(
    ['../features/*/i18n/*.json', '!../features/{auth,unavailable}/i18n/*.json'],
    {
      import: 'default',
    },
  ),
  // The console's part of the contract's catalogue (field names, validation and server words),
  // one language a chunk, loaded with the features that use it (ADR 0026).
  [`../features/${CATALOGUE}/i18n/cn.json`]: () =>
    import('virtual:console-catalogue/cn').then((m) => m.default),
  [`../features/${CATALOGUE}/i18n/en.json`]: () =>
    import('virtual:console-catalogue/en').then((m) => m.default),
};

/** Features whose words the console frame itself shows: the menu titles and the message bell's drawer. */
export const FRAME_STRING_FEATURES: readonly string[] = ['menu', 'message'];

/**
 * Features whose screens show no word of the console's catalogue: every other feature loads it
 * with its strings (forms name fields and say what is wrong in its words). The dashboards, the
 * first screen after logging in, the frame and its avatar's "What's new" drawer go without it
 * (`feature-strings.test.ts` checks).
 */
export const CATALOGUE_FREE: readonly string[] = ['dashboard', ...FRAME_STRING_FEATURES, 'whats-new'];

/**
 * Words a feature's pages show from another feature, because they render its components or
 * labels. `feature-strings.test.ts` derives this from the imports and keys in the code and
 * fails when an entry is missing.
 */
export const BORROWED_STRINGS: Readonly<Record<string, readonly string[]>> = {
  account: ['orders'],
  // Buying and renewing a certificate shows the plans' order terms and the products' cycles.
  certificates: ['plans', 'products'],
  customers: ['account'],
  'mail-settings': ['system-config'],
  'node-monitor': ['system-config'],
  orders: ['payment'],
  payment: ['system-config'],
  plans: ['products'],
  'sms-settings': ['system-config'],
  'wechat-settings': ['system-config'],
  // The settings API's query keys sit under the sites' (a save changes the site list's state).
  sites: ['certificates', 'config-state'],
  'site-admin': [
    'sites',
    'certificates',
    'config-state',
    'site-waf',
    'site-region',
    'site-content-secure',
    'site-business-secure',
    'traffic',
    'request-log',
  ],
  'site-waf': ['site-region'],
  // The block log names rules and actions as the WAF tab does, and links to the site page.
  'request-log': ['site-waf', 'sites'],
  // Their tabs render the domain-admin page's section form (its Save and save progress).
  'site-content-secure': ['site-admin'],
  'site-business-secure': ['site-admin'],
  'site-redirects': ['config-state'],
  stream: ['config-state'],
  // The stream screens use the traffic screen's range controls and the request log's time field;
  // the rule chooser reads the forwarding rules' list (its query keys).
  'stream-stats': ['traffic', 'request-log', 'stream'],
  // The traffic screen's site chooser offers the site groups (sites' own select).
  traffic: ['sites'],
  // The ranking's site chooser and time range are the request log's.
  top: ['request-log'],
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
  // The bell's "all marked read" is the server's own words.
  message: [CATALOGUE],
  // The avatar menu's "What's new" drawer, opened by few and rarely.
  layout: ['whats-new'],
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
  if ([...all].some((feature) => !CATALOGUE_FREE.includes(feature))) all.add(CATALOGUE);
  return [...all];
}

function currentLang(): Lang {
  return i18n.language === 'en' ? 'en' : 'cn';
}

/** The console's catalogue, for a frame or dashboard part that shows one of its words. */
export const loadConsoleCatalogue = () => loadFeatureStrings([CATALOGUE]);

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
