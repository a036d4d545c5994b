import { isTurnedOff, type CustomFlag, type MenuVisibilityContext } from '@nimbus/contract';
import type { ConsoleVariant } from '@/app/variant';
import { customerPath } from '@/features/layout/lib/customer-path';

export interface AvatarEntry {
  key: string;
  /** i18n key of the label. */
  label: string;
  path: string;
  icon: 'user' | 'shopping' | 'wallet' | 'api' | 'team' | 'appstore' | 'money' | 'safety' | 'profile';
  /** Shown only while this web config custom flag is above 0 (spec §2). */
  customFlag?: CustomFlag;
}

const personalCenter = (product: 'cdn' | 'dns'): AvatarEntry => ({
  key: 'personal',
  label: 'avatar.personalCenter',
  path: customerPath(product, '/account/info'),
  icon: 'user',
});
const buyPlan = (product: 'cdn' | 'dns'): AvatarEntry => ({
  key: 'buyPlan',
  label: 'avatar.buyPlan',
  path: customerPath(product, '/plan/purchase'),
  icon: 'shopping',
});
const recharge = (product: 'cdn' | 'dns'): AvatarEntry => ({
  key: 'recharge',
  label: 'avatar.recharge',
  path: customerPath(product, '/finance/recharge'),
  icon: 'wallet',
});
const accounts: AvatarEntry = {
  key: 'accounts',
  label: 'avatar.accountManagement',
  path: '/account/customers',
  icon: 'team',
};
const products: AvatarEntry = {
  key: 'products',
  label: 'avatar.productManagement',
  path: '/product/list',
  icon: 'appstore',
};
const manualRecharge: AvatarEntry = {
  key: 'manualRecharge',
  label: 'avatar.manualRecharge',
  path: '/finance/recharge',
  icon: 'money',
};
const profile: AvatarEntry = { key: 'profile', label: 'avatar.myProfile', path: '/profile', icon: 'profile' };

/**
 * Spec §2 Layout: the avatar dropdown of each console (sign out is added by the menu itself).
 * An entry whose path the server menu does not route still opens: the shell routes it to the
 * "not available yet" page under the entry's own title. Entries the user's unvalidModel or a
 * custom flag turns off are not shown (useConsoleMenu).
 */
export const AVATAR_ENTRIES: Record<ConsoleVariant, AvatarEntry[]> = {
  'cdn-user': [personalCenter('cdn'), buyPlan('cdn'), recharge('cdn')],
  'dns-user': [
    personalCenter('dns'),
    buyPlan('dns'),
    recharge('dns'),
    { key: 'apiKey', label: 'avatar.apiKey', path: '/api-key', icon: 'api', customFlag: 'access-token' },
  ],
  'cdn-admin': [accounts, products, manualRecharge, profile],
  'dns-admin': [
    { key: 'authorization', label: 'avatar.authorization', path: '/authorization', icon: 'safety' },
    accounts,
    products,
    manualRecharge,
    profile,
  ],
};

/** The entries of a console this user may see (the menu's rules: unvalidModel, custom flags). */
export function visibleAvatarEntries(
  variant: ConsoleVariant,
  visibility: MenuVisibilityContext,
): AvatarEntry[] {
  return AVATAR_ENTRIES[variant].filter((entry) => !isTurnedOff(entry, visibility));
}
