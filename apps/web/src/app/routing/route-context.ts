import { createContext, useContext } from 'react';
import type { AvatarEntry } from '@/features/layout/lib/avatar-entries';
import type { ConsoleRoute } from './menu-routes';

export interface ConsoleRoutes {
  routes: ConsoleRoute[];
  /** The route being shown; undefined on the not-found page. */
  current?: ConsoleRoute;
  /** The avatar dropdown's entries this user may see (spec §2 Layout, filtered like the menu). */
  avatarEntries: AvatarEntry[];
}

export const ConsoleRoutesContext = createContext<ConsoleRoutes>({ routes: [], avatarEntries: [] });

/** The menu route of the page being shown (title, meta, breadcrumb trail). */
export function useCurrentRoute(): ConsoleRoute | undefined {
  return useContext(ConsoleRoutesContext).current;
}

export function useAvatarEntries(): AvatarEntry[] {
  return useContext(ConsoleRoutesContext).avatarEntries;
}

/** Whether this console routes a path (entries to areas the user cannot open are hidden). */
export function useConsoleRoutes(): ConsoleRoute[] {
  return useContext(ConsoleRoutesContext).routes;
}
