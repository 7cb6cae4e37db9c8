import { Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { lazyNamed } from '../lazy-named';
import { ToastContext, type ToastInput } from './toast-context';

/** F8 moves keyboard focus to the current toast (doc1 §9). */
export const TOAST_FOCUS_HOTKEY = 'F8';

// The snackbar and alert load with the first toast, not with the page.
const ToastView = lazyNamed(() => import('./ToastView'), 'ToastView');

interface ActiveToast extends ToastInput {
  id: number;
}

/** One toast at a time (a new one replaces the current), visible 5 s; errors use the destructive style. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ActiveToast | null>(null);
  const [open, setOpen] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === TOAST_FOCUS_HOTKEY) alertRef.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const toast = useCallback((input: ToastInput) => {
    setCurrent({ ...input, id: Date.now() + Math.random() });
    setOpen(true);
  }, []);

  return (
    <ToastContext.Provider value={toast}>
      {children}
      <Box role="region" aria-label="Notification">
        {current && (
          <Suspense fallback={null}>
            <ToastView toast={current} open={open} alertRef={alertRef} onClose={() => setOpen(false)} />
          </Suspense>
        )}
      </Box>
    </ToastContext.Provider>
  );
}
