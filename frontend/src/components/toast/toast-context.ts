import { createContext, useContext } from 'react';

/** How long a toast shows unless it says otherwise (doc1 §9). */
export const TOAST_DURATION_MS = 5_000;

export interface ToastInput {
  title: string;
  description?: string;
  /** Destructive toasts are for failures (doc1 §8). */
  variant?: 'default' | 'destructive' | 'success';
  /** Visible time; 5000 ms unless a screen says otherwise. */
  durationMs?: number;
}

export type ToastFn = (toast: ToastInput) => void;

export const ToastContext = createContext<ToastFn | null>(null);

export function useToast(): { toast: ToastFn } {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error('useToast must be used inside <ToastProvider>');
  return { toast };
}
