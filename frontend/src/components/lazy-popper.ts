import type { Instance, OptionsGeneric, VirtualElement } from '@popperjs/core';

/**
 * Stands in for `@popperjs/core` (vite.config.ts aliases it here): MUI's Popper, under every Tooltip, calls
 * `createPopper` only when a tooltip opens, so the positioning library (7 kB gzipped) loads with the first tooltip
 * instead of with the app. Until it has arrived and placed the element (a few milliseconds, far inside the
 * tooltip's 700 ms delay) the element stays hidden rather than flash at the window's corner.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- modifiers of any shape, as popper's own types
type Options = Partial<OptionsGeneric<any>>;
type Popper = Pick<Instance, 'forceUpdate' | 'update' | 'setOptions' | 'destroy'>;

let library: Promise<typeof import('@popperjs/core/lib/popper.js')> | undefined;
const load = () => (library ??= import('@popperjs/core/lib/popper.js'));

export function createPopper(
  reference: Element | VirtualElement,
  popper: HTMLElement,
  options: Options = {},
): Popper {
  let real: Instance | undefined;
  let destroyed = false;
  let latest = options;
  const visibility = popper.style.visibility;
  popper.style.visibility = 'hidden';

  void load().then(async ({ createPopper: create }) => {
    if (destroyed) return;
    real = create(reference, popper, latest as never);
    await real.update();
    if (!destroyed) popper.style.visibility = visibility;
  });

  return {
    forceUpdate: () => real?.forceUpdate(),
    update: () => (real ? real.update() : Promise.resolve(null as never)),
    setOptions: (next) => {
      latest = typeof next === 'function' ? latest : { ...latest, ...next };
      return real ? real.setOptions(next) : Promise.resolve(null as never);
    },
    destroy: () => {
      destroyed = true;
      real?.destroy();
      popper.style.visibility = visibility;
    },
  };
}
