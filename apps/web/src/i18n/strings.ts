import type { Lang } from '@nimbus/contract';

export type StringTree = { [key: string]: string | StringTree };

/** `import.meta.glob` of features' `i18n/<lang>.json` files: path → parsed JSON. */
export type FeatureFiles = Record<string, StringTree>;

export function deepMerge(base: StringTree, extra: StringTree): StringTree {
  const out: StringTree = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const existing = out[key];
    out[key] = typeof value === 'object' && typeof existing === 'object' ? deepMerge(existing, value) : value;
  }
  return out;
}

/** `base` with every `…/<lang>.json` of `files` merged in. */
export function mergeFeatureStrings(base: StringTree, files: FeatureFiles, lang: Lang): StringTree {
  return Object.entries(files)
    .filter(([file]) => file.endsWith(`/${lang}.json`))
    .reduce<StringTree>((tree, [, strings]) => deepMerge(tree, strings), base);
}
