import { defineActions, str, type ActionHandler } from '../../chat-kit/action-kit';

/**
 * Notion and Linear are not connected yet (doc1 §4): no call, a toast saying what to set up, and the action is left
 * as it was (not failed: nothing went wrong).
 */
const setupRequired =
  (integration: string, things: string): ActionHandler =>
  () => ({
    ok: false,
    pending: true,
    toast: {
      title: `${integration} Setup Required`,
      description: `Connect ${integration} to create ${things} from chat.`,
    },
  });

/** Actions that answer in the chat alone: the interpreter and music cards, and integrations not set up yet. */
export const actions = defineActions({
  start_interpreter: (args) => ({
    ok: true,
    toast: {
      title: 'Interpreter Mode Started',
      description: 'Choose the languages and press Start speaking.',
    },
    card: {
      kind: 'interpreter',
      fromLanguage: str(args.from_language) || 'Auto-detect',
      toLanguage: str(args.to_language) || 'English',
      mode: str(args.mode) || 'real-time interpretation',
    },
  }),
  identify_music: (args) => ({
    ok: true,
    toast: {
      title: 'Music Identifier Ready',
      description: 'Press Identify song while the music plays.',
    },
    card: { kind: 'music', context: str(args.context) },
  }),
  create_notion_task: setupRequired('Notion', 'tasks'),
  create_linear_issue: setupRequired('Linear', 'issues'),
});
