import type { RequestInputOf } from '@jarvis/contracts';
import type { Api } from './routes';

/** What a quick-response shortcut is saved with (POST /api/quick-response-shortcuts, PUT .../:id). */
export type ShortcutInput = RequestInputOf<Api['chat']['createShortcut']>;
