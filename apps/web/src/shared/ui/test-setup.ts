/**
 * jsdom lacks what antd reads: window.matchMedia (responsive observers), ResizeObserver (tables,
 * overflow) and getComputedStyle with a pseudo-element (scrollbar measuring).
 */
export function stubBrowserApis(): void {
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  const computed = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => computed(element);
}
