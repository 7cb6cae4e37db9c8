import type { ChatAction } from '@jarvis/contracts';

// In a module of its own so the chat's start code does not carry the labels below.
export { withOutcome } from './action-outcome';

/** Executed true is done, false is failed, unset is pending (doc1 §3). */
export type ActionStatus = 'pending' | 'executed' | 'failed';

export function actionStatus(action: Pick<ChatAction, 'executed'>): ActionStatus {
  if (action.executed === true) return 'executed';
  if (action.executed === false) return 'failed';
  return 'pending';
}

/** The hint 'Click a button below to continue' shows while any action is not yet done. */
export function hasOpenActions(actions: readonly ChatAction[] | undefined): boolean {
  return (actions ?? []).some((a) => a.executed !== true);
}

/**
 * Whether a button can be clicked: never while any action runs (all are disabled then), never once executed;
 * a failed one can be retried.
 */
export function canRun(action: Pick<ChatAction, 'executed'>, anyRunning: boolean): boolean {
  return !anyRunning && action.executed !== true;
}


function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

/** What a button reads, from its type and args. */
export function actionLabel(action: Pick<ChatAction, 'type' | 'args'>): string {
  const a = action.args ?? {};
  const suffix = (prefix: string, value: unknown) => (text(value) ? `${prefix}${text(value)}` : '');
  switch (action.type) {
    case 'create_reminder':
      return `Create Reminder${suffix(': ', a.title)}`;
    case 'generate_contract':
      return 'Generate Contract';
    case 'get_weather':
      return `Get Weather${suffix(' for ', a.location)}`;
    case 'get_forecast':
      return `Get Forecast${suffix(' for ', a.location)}`;
    case 'search_events':
      return `Search Events${suffix(': ', a.keyword)}${suffix(' in ', a.location)}`;
    case 'find_events_near':
      return `Find Events Near${suffix(' ', a.location)}`;
    case 'send_discord_message':
      return 'Send Discord Message';
    case 'get_discord_servers':
      return 'Show Discord Servers';
    case 'get_discord_channels':
      return 'Show Discord Channels';
    case 'search_web':
      return `Search the Web${suffix(': ', a.query)}`;
    case 'draft_text_message':
      return 'Draft Text Message';
    case 'draft_email':
      return `Draft Email${suffix(': ', a.subject)}`;
    case 'unsubscribe_email':
      return 'Unsubscribe';
    case 'trash_email':
      return 'Move to Trash';
    case 'delete_email':
      return 'Delete Email';
    case 'mark_spam':
      return 'Mark as Spam';
    case 'start_interpreter':
      return 'Start Interpreter';
    case 'identify_music':
      return 'Identify Music';
    case 'create_notion_task':
      return `Create Notion Task${suffix(': ', a.title)}`;
    case 'create_linear_issue':
      return `Create Linear Issue${suffix(': ', a.title)}`;
    case 'check_phone_calls':
      return 'Check Phone Calls';
    case 'get_phone_messages':
      return 'Get Phone Messages';
    case 'image_analysis':
      return 'Analyze Image';
  }
}
