import { lazy, Suspense } from 'react';
import type { DrawerProps } from '@mui/material/Drawer';

// Drawers (and the modal machinery under them) serve narrow windows only; a desktop never loads them.
const Drawer = lazy(() => import('@mui/material/Drawer'));

/** MUI's Drawer, loaded the first time one is rendered. Nothing shows until it has arrived. */
export function LazyDrawer(props: DrawerProps) {
  return (
    <Suspense fallback={null}>
      <Drawer {...props} />
    </Suspense>
  );
}
