import { addStrings } from '@/i18n';
import '@/i18n/console-strings';
import type { FeatureFiles } from '@/i18n/strings';

// Component tests render screens without the page loader that fetches each feature's strings
// (feature-strings.ts): every feature's strings, both languages, are added at once here.
addStrings(
  import.meta.glob('../../features/*/i18n/*.json', { eager: true, import: 'default' }) as FeatureFiles,
  {},
);
