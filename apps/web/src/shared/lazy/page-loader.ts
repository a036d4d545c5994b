import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyNamed } from './lazy-page';

export type PageComponent = LazyExoticComponent<ComponentType<Record<string, never>>>;

/**
 * Lazy pages from an `import.meta.glob` of `../features/<f>/pages/<Name>.tsx` (named export =
 * file name), one component per file, made once. `prepare(feature)` runs beside each page's
 * load (the console's: that feature's strings).
 */
export function pageLoader(
  modules: Record<string, () => Promise<Record<string, unknown>>>,
  prepare?: (feature: string) => Promise<void>,
) {
  const cache = new Map<string, PageComponent>();
  return (file: string): PageComponent | undefined => {
    const load = modules[`../features/${file}.tsx`];
    if (!load) return undefined;
    let page = cache.get(file);
    if (!page) {
      const feature = file.split('/')[0]!;
      const loadPage = prepare
        ? () => Promise.all([load(), prepare(feature)]).then(([module]) => module)
        : load;
      page = lazyNamed(loadPage, file.split('/').at(-1)!) as PageComponent;
      cache.set(file, page);
    }
    return page;
  };
}
