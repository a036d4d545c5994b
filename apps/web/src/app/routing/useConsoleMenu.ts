import { filterMenu, type MenuNode } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { currentVariant, type VariantInfo } from '@/app/variant';
import { request } from '@/shared/api/client';
import { visibleAvatarEntries, type AvatarEntry } from '@/features/layout/lib/avatar-entries';
import { customerOf, type CurrentUser } from '@/shared/auth/useCurrentUser';
import { useWebConfig } from '@/shared/config/useWebConfig';
import { buildConsoleRoutes, buildMenuTree, type ConsoleRoute, type MenuTreeItem } from './menu-routes';

export const menuQueryKey = ['menu', currentVariant.variant] as const;

/** GET app/menu/nav?product= (customers) or sys/menu/nav?product= (admins): the flat menu list. */
export async function fetchMenu(
  variant: Pick<VariantInfo, 'side' | 'product'>,
  options: { signal?: AbortSignal; token?: string } = {},
): Promise<MenuNode[]> {
  const root = variant.side === 'admin' ? 'sys' : 'app';
  const { list } = await request<{ list: MenuNode[] }>('GET', `${root}/menu/nav`, {
    query: { product: variant.product },
    signal: options.signal,
    token: options.token,
    // A candidate token that does not work is simply not kept; it says nothing about the stored login.
    quietUnauthorized: options.token !== undefined,
  });
  return list;
}

export interface ConsoleMenu {
  routes: ConsoleRoute[];
  tree: MenuTreeItem[];
  /** The avatar dropdown's entries, turned off by the same rules as the menu. */
  avatarEntries: AvatarEntry[];
  isPending: boolean;
  error: unknown;
  refetch: () => void;
}

/**
 * The console's menu for this user, filtered again here (spec §2: unvalidModel, custom flags)
 * so a stale server answer can never show an entry the web config turned off.
 */
export function useConsoleMenu(current: CurrentUser | undefined): ConsoleMenu {
  const { config } = useWebConfig();
  const query = useQuery({
    queryKey: menuQueryKey,
    queryFn: ({ signal }) => fetchMenu(currentVariant, { signal }),
    enabled: current !== undefined,
    staleTime: 5 * 60_000,
  });
  const unvalidModel = customerOf(current)?.unvalidModel;
  const visibility = useMemo(
    () => ({ unvalidModel: unvalidModel ?? [], customFlags: config.custom }),
    [unvalidModel, config.custom],
  );
  const nodes = useMemo(
    () => (query.data ? filterMenu(query.data, visibility) : undefined),
    [query.data, visibility],
  );
  return {
    routes: useMemo(() => (nodes ? buildConsoleRoutes(nodes) : []), [nodes]),
    tree: useMemo(() => (nodes ? buildMenuTree(nodes) : []), [nodes]),
    avatarEntries: useMemo(() => visibleAvatarEntries(currentVariant.variant, visibility), [visibility]),
    isPending: query.isPending,
    error: query.error,
    refetch: () => void query.refetch(),
  };
}
