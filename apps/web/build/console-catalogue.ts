import { tsImport } from 'tsx/esm/api';
import type * as Contract from '@nimbus/contract';
import type { Plugin } from 'vite';
import { catalogueResources, consoleCatalogue } from '../src/i18n/catalogue';

const PREFIX = 'virtual:console-catalogue/';

/**
 * `virtual:console-catalogue/<lang>`: the console's part of the contract's catalogue in one
 * language (ADR 0026). The contract keeps both languages of a message side by side, which no
 * bundler can split; this module is that split, made at build time, so a console carries only
 * the language on screen. The contract is TypeScript source: tsx reads it here, in Node.
 */
export function consoleCataloguePlugin(): Plugin {
  let contract: Promise<typeof Contract> | undefined;
  return {
    name: 'nimbus-console-catalogue',
    resolveId: (id) => (id.startsWith(PREFIX) ? `\0${id}` : undefined),
    async load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      contract ??= tsImport('@nimbus/contract', import.meta.url) as Promise<typeof Contract>;
      const { LANGS, messages, publicMessages } = await contract;
      const lang = LANGS.find((candidate) => id === `\0${PREFIX}${candidate}`);
      if (!lang) throw new Error(`no language in ${id}`);
      const tree = catalogueResources(consoleCatalogue(messages, publicMessages), lang);
      return `export default ${JSON.stringify(tree)};`;
    },
  };
}
