import type { Lang } from '../lang';

export type LocalizedMessages = Record<string, Record<Lang, string>>;
