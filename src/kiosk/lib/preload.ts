import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** A value (a module) loaded once, ahead of its first use or at it. */
export interface Preloadable<T> {
  /** Starts loading (once; later calls share it). Never rejects: a failed load is tried again by `load`. */
  preload: () => Promise<void>;
  /** The value: a thenable that calls back at once when it is already loaded, else the load under way. */
  load: () => PromiseLike<T>;
}

/** Wraps `loader` (a dynamic import) as a Preloadable. */
export function preloadable<T>(loader: () => Promise<T>): Preloadable<T> {
  let loaded: { value: T } | undefined;
  let loading: Promise<T> | undefined;
  const start = () => {
    loading ??= loader().then(
      (value) => {
        loaded = { value };
        return value;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return {
    preload: () =>
      start().then(
        () => undefined,
        () => undefined,
      ),
    load: () => {
      if (!loaded) return start();
      const { value } = loaded;
      return {
        // biome-ignore lint/suspicious/noThenProperty: a thenable is the point (calls back at once).
        then: <R1 = T, R2 = never>(onLoaded?: ((value: T) => R1 | PromiseLike<R1>) | null) =>
          Promise.resolve(onLoaded ? onLoaded(value) : (value as unknown as R1)) as PromiseLike<R1 | R2>,
      };
    },
  };
}

/** A component of its own chunk, loaded ahead of its first render or at it. */
export interface PreloadableComponent<P> {
  Component: LazyExoticComponent<ComponentType<P>>;
  preload: () => Promise<void>;
}

/**
 * React.lazy with a preload. Plain React.lazy suspends on its first render even when the chunk is
 * already loaded (a promise calls back only in a later microtask): its Suspense fallback is
 * committed first, then the component in a second render. Once preloaded, this one hands React a
 * thenable that calls back at once (Preloadable.load), and React then renders the component in the
 * same commit as its screen (on a slow tablet the extra commit costs tens of milliseconds).
 */
export function preloadableComponent<P>(
  loader: () => Promise<{ default: ComponentType<P> }>,
): PreloadableComponent<P> {
  const module = preloadable(loader);
  // React.lazy's type asks for a Promise; it only ever calls `then` on what it gets.
  const Component = lazy(module.load as () => Promise<{ default: ComponentType<P> }>);
  return { Component, preload: module.preload };
}
