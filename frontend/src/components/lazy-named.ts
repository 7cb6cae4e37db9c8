import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props, as React.lazy itself accepts
type AnyComponent = ComponentType<any>;

/**
 * React.lazy for a module's named export, so features keep named components and still load in their own chunk:
 * `lazyNamed(() => import('../reminders/RemindersSection'), 'RemindersSection')`.
 */
export function lazyNamed<M extends Record<K, AnyComponent>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(async () => {
    const module = await load();
    // No module: the chunk belonged to an older release and the page is reloading (app/reload-on-stale-chunks.ts).
    if (!module) return new Promise<never>(() => undefined);
    return { default: module[name] };
  });
}
