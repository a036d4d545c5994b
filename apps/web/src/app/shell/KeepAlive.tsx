import { Activity, useRef, type ReactNode } from 'react';
import { UNSAFE_LocationContext, useLocation, useNavigationType, type Location } from 'react-router';
import { keepVisited, type KeptView } from './keep-alive';

/**
 * Spec §2: visited views stay alive (state, filters, half-filled forms) up to KEEP_ALIVE_MAX.
 * Hidden ones sit in React's <Activity mode="hidden">, so their effects pause (polling, the page
 * title) and resume when shown again; each keeps the location it was opened with, so a hidden
 * page never re-renders for another page's URL.
 */
export function KeepAlive({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const key = location.pathname + location.search;
  const views = useRef<KeptView<{ location: Location; element: ReactNode }>[]>([]);
  views.current = keepVisited(views.current, { key, value: { location, element: children } });
  return views.current.map((view) => (
    <Activity key={view.key} mode={view.key === key ? 'visible' : 'hidden'}>
      <UNSAFE_LocationContext.Provider value={{ location: view.value.location, navigationType }}>
        {view.value.element}
      </UNSAFE_LocationContext.Provider>
    </Activity>
  ));
}
