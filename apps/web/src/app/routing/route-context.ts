import { createContext, useContext } from 'react';
import type { ConsoleRoute } from './menu-routes';

export interface ConsoleRoutes {
  routes: ConsoleRoute[];
  /** The route being shown; undefined on the not-found page. */
  current?: ConsoleRoute;
}

export const ConsoleRoutesContext = createContext<ConsoleRoutes>({ routes: [] });

/** The menu route of the page being shown (title, meta, breadcrumb trail). */
export function useCurrentRoute(): ConsoleRoute | undefined {
  return useContext(ConsoleRoutesContext).current;
}

/** Whether this console routes a path (entries to areas the user cannot open are hidden). */
export function useConsoleRoutes(): ConsoleRoute[] {
  return useContext(ConsoleRoutesContext).routes;
}
