import { messages, publicMessages } from '@nimbus/contract';
import { addStrings } from './index';
import type { FeatureFiles } from './strings';

// Imported by the console frame: every feature's strings but the public pages' and the rest
// of the contract's catalogue (the first load already has the public part, see index.ts).
addStrings(
  import.meta.glob(['../features/*/i18n/*.json', '!../features/{auth,unavailable}/i18n/*.json'], {
    eager: true,
    import: 'default',
  }) as FeatureFiles,
  Object.fromEntries(Object.entries(messages).filter(([key]) => !Object.hasOwn(publicMessages, key))),
);
