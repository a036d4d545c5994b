import { DEFAULT_LANG, messages, type Lang } from '@nimbus/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import cn from './cn.json';
import en from './en.json';

/** Each feature keeps its strings beside it in features/<f>/i18n/{cn,en}.json (see ADR 0003). */
const featureFiles = import.meta.glob<Tree>('../features/*/i18n/*.json', { eager: true, import: 'default' });

export const LANG_STORAGE_KEY = 'nimbus-lang';

type Tree = { [key: string]: string | Tree };

/** The contract's shared catalogue (`validation.domain` …) as nested resources for one language. */
function contractResources(lang: Lang): Tree {
  const tree: Tree = {};
  for (const [key, text] of Object.entries(messages)) {
    const path = key.split('.');
    let node = tree;
    for (const segment of path.slice(0, -1)) node = (node[segment] ??= {}) as Tree;
    node[path.at(-1)!] = text[lang].replace(/\{(\w+)\}/g, '{{$1}}');
  }
  return tree;
}

function deepMerge(base: Tree, extra: Tree): Tree {
  const out: Tree = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const existing = out[key];
    out[key] = typeof value === 'object' && typeof existing === 'object' ? deepMerge(existing, value) : value;
  }
  return out;
}

function featureResources(lang: Lang): Tree {
  return Object.entries(featureFiles)
    .filter(([file]) => file.endsWith(`/${lang}.json`))
    .reduce<Tree>((tree, [, resources]) => deepMerge(tree, resources), {});
}

function storedLang(): Lang {
  const saved = localStorage.getItem(LANG_STORAGE_KEY);
  return saved === 'en' || saved === 'cn' ? saved : DEFAULT_LANG;
}

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: storedLang(),
  fallbackLng: false,
  resources: {
    cn: { translation: deepMerge(deepMerge(contractResources('cn'), cn as Tree), featureResources('cn')) },
    en: { translation: deepMerge(deepMerge(contractResources('en'), en as Tree), featureResources('en')) },
  },
  interpolation: { escapeValue: false },
  returnNull: false,
});

export function setLanguage(lang: Lang): void {
  localStorage.setItem(LANG_STORAGE_KEY, lang);
  void i18n.changeLanguage(lang);
}
