/** GET and PUT /api/user/voice-alerts: the spoken wake-up briefing. */
export interface VoiceAlertSettings {
  enabled: boolean;
  wakeTime: string;
}
