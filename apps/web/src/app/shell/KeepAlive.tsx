import { Activity, useRef, type ReactNode } from 'react';
import {
  Navigate,
  UNSAFE_LocationContext,
  useLocation,
  useNavigationType,
  type Location,
} from 'react-router';
import { keepVisited, refreshTarget, type KeptView } from './keep-alive';

/**
 * Spec §2: visited views stay alive (state, filters, half-filled forms) up to KEEP_ALIVE_MAX.
 * Hidden ones sit in React's <Activity mode="hidden">, so their effects pause (polling, the page
 * title) and resume when shown again; each keeps the location it was opened with, so a hidden
 * page never re-renders for another page's URL. `/redirect/<path>` drops the kept view of
 * <path> and opens it again, fresh (spec §2 refresh).
 */
export function KeepAlive({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const key = location.pathname + location.search;
  const views = useRef<KeptView<{ location: Location; element: ReactNode }>[]>([]);
  const refresh = refreshTarget(location.pathname, location.search);
  if (refresh !== null) {
    views.current = views.current.filter((view) => view.key !== refresh);
    return <Navigate to={refresh} replace />;
  }
  views.current = keepVisited(views.current, { key, value: { location, element: children } });
  return views.current.map((view) => (
    <Activity key={view.key} mode={view.key === key ? 'visible' : 'hidden'}>
      <UNSAFE_LocationContext.Provider value={{ location: view.value.location, navigationType }}>
        {view.value.element}
      </UNSAFE_LocationContext.Provider>
    </Activity>
  ));
}
