import type { ResponseOf } from '@jarvis/contracts';
import type { Api } from './routes';

/** GET and PUT /api/user/voice-alerts: the spoken wake-up briefing. */
export type VoiceAlertSettings = ResponseOf<Api['notifications']['voiceAlerts']>;
