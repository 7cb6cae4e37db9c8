import { useEffect } from 'react';

export const PRODUCT_TITLE = 'Jarvis — Personal AI Assistant';

/** Sets the browser tab title while the page is shown. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
