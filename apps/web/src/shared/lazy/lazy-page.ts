import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Spec §9: a code chunk that has not arrived after 120 s is reported as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** A page's code could not be loaded (network down, new deployment, or too slow). */
export class ChunkLoadError extends Error {
  constructor(
    message: string,
    readonly timedOut: boolean,
  ) {
    super(message);
    this.name = 'ChunkLoadError';
  }
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`chunk not loaded after ${ms} ms`, true)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(error instanceof Error ? error.message : String(error), false));
      },
    );
  });
}

/** Browsers word a failed dynamic import differently; all of them mean "reload to get the code". */
export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically|ChunkLoadError/i.test(
    text,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- page props vary; the registry only renders them
type AnyComponent = ComponentType<any>;

/** `lazy()` for a named export (the code base uses named exports only), with the chunk timeout. */
export function lazyNamed(
  load: () => Promise<Record<string, unknown>>,
  name: string,
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
): LazyExoticComponent<AnyComponent> {
  return lazy(async () => {
    const module = await withTimeout(load(), timeoutMs);
    const component = module[name];
    if (typeof component !== 'function' && typeof component !== 'object') {
      throw new Error(`module has no export named ${name}`);
    }
    return { default: component as AnyComponent };
  });
}
