import { messages, publicMessages } from '@nimbus/contract';
import { addStrings } from '@/i18n';
import { consoleCatalogue } from '@/i18n/catalogue';
import type { FeatureFiles } from '@/i18n/strings';

// Component tests render screens without the page loader that fetches each feature's strings
// (feature-strings.ts): every feature's strings and the whole catalogue, both languages, are
// added at once here.
addStrings(
  import.meta.glob('../../features/*/i18n/*.json', { eager: true, import: 'default' }) as FeatureFiles,
  consoleCatalogue(messages, publicMessages),
);
