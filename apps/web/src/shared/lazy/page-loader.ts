import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyNamed } from './lazy-page';

export type PageComponent = LazyExoticComponent<ComponentType<Record<string, never>>>;

/**
 * Lazy pages from an `import.meta.glob` of `../features/<f>/pages/<Name>.tsx` (named export =
 * file name), one component per file, made once.
 */
export function pageLoader(modules: Record<string, () => Promise<Record<string, unknown>>>) {
  const cache = new Map<string, PageComponent>();
  return (file: string): PageComponent | undefined => {
    const load = modules[`../features/${file}.tsx`];
    if (!load) return undefined;
    let page = cache.get(file);
    if (!page) {
      page = lazyNamed(load, file.split('/').at(-1)!) as PageComponent;
      cache.set(file, page);
    }
    return page;
  };
}
