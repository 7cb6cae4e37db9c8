import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The whole app renders in jsdom in some tests (the chat section is the default); on a busy two-core machine the
// first paint can take longer than Testing Library's 1 s default for findBy*/waitFor.
configure({ asyncUtilTimeout: 8_000 });

afterEach(() => {
  cleanup();
});
