import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * React.lazy for a module's named export: the component loads with its module the first time it
 * renders (the caller gives the Suspense boundary). `load` may be shared, e.g. to preload on hover.
 */
// `any` as in React.lazy's own signature: the component's props are whatever the export declares.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyNamed<K extends string, C extends ComponentType<any>>(
  load: () => Promise<Record<K, C>>,
  name: K,
): LazyExoticComponent<C> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
