import { useCallback, useEffect, useState } from 'react';
import { layoutForWidth, type ViewportLayout } from '@/features/layout/lib/breakpoints';

const bandOf = (layout: ViewportLayout) => `${layout.device}:${String(layout.collapsed)}`;

/**
 * The viewport's layout (spec §9 breakpoints) plus the sider's collapsed state: crossing a
 * breakpoint sets it from the width; within a band the user's toggle wins.
 */
export function useViewportLayout(): ViewportLayout & { toggleCollapsed: () => void } {
  const [auto, setAuto] = useState(() => layoutForWidth(window.innerWidth));
  const [collapsed, setCollapsed] = useState(auto.collapsed);

  useEffect(() => {
    const onResize = () => {
      const next = layoutForWidth(window.innerWidth);
      setAuto((previous) => {
        if (bandOf(previous) === bandOf(next)) return previous;
        setCollapsed(next.collapsed);
        return next;
      });
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  const toggleCollapsed = useCallback(() => setCollapsed((value) => !value), []);
  return { ...auto, collapsed, toggleCollapsed };
}
