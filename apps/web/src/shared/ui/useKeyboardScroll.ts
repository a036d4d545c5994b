import { useEffect, type RefObject } from 'react';
import type { TableRef } from 'antd/es/table';

const SCROLLERS = '.ant-table-content, .ant-table-body';

/**
 * A table wider than its panel scrolls sideways: its scroller then takes keyboard focus, so the
 * columns beyond the edge can be reached without a mouse (WCAG 2.1.1; axe's
 * scrollable-region-focusable). A table that fits adds no tab stop.
 */
export function useKeyboardScroll(table: RefObject<TableRef | null>): void {
  useEffect(() => {
    const mark = () => {
      for (const scroller of table.current?.nativeElement?.querySelectorAll<HTMLElement>(SCROLLERS) ?? []) {
        if (scroller.scrollWidth > scroller.clientWidth + 1) scroller.tabIndex = 0;
        else scroller.removeAttribute('tabindex');
      }
    };
    mark();
    window.addEventListener('resize', mark);
    return () => window.removeEventListener('resize', mark);
  });
}
