import type { Lang } from '@nimbus/contract';
import type { StringTree } from './strings';

/** A part of the contract's catalogue (`validation.domain` …) as nested resources for one language. */
export function catalogueResources(catalogue: Record<string, Record<Lang, string>>, lang: Lang): StringTree {
  const tree: StringTree = {};
  for (const [key, text] of Object.entries(catalogue)) {
    const path = key.split('.');
    let node = tree;
    for (const segment of path.slice(0, -1)) node = (node[segment] ??= {}) as StringTree;
    node[path.at(-1)!] = text[lang].replace(/\{(\w+)\}/g, '{{$1}}');
  }
  return tree;
}

/** The console's part of the catalogue: what the first load (the public pages) does not have already. */
export function consoleCatalogue(
  messages: Record<string, Record<Lang, string>>,
  publicMessages: Record<string, Record<Lang, string>>,
): Record<string, Record<Lang, string>> {
  return Object.fromEntries(Object.entries(messages).filter(([key]) => !Object.hasOwn(publicMessages, key)));
}
