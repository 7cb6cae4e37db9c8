import { callApi } from '../../api/client';
import { api } from '../../api/routes';

let known: Promise<boolean> | null = null;

/**
 * Whether the server offers live voice (OPENAI_REALTIME_MODEL set): asked once a page load, and again after a
 * failure. Without it, the orb and Always mode go turn by turn as before.
 */
export function liveVoiceAvailable(): Promise<boolean> {
  known ??= callApi(api.voice.liveVoiceStatus, {}).then(
    (status) => status.available === true,
    () => {
      known = null;
      return false;
    },
  );
  return known;
}

/** For tests: ask again. */
export function forgetLiveVoiceStatus() {
  known = null;
}
