import { counterMetric } from '@jarvis/platform';

/** Why a streamed call went on turn by turn. */
export type FallbackReason = 'unreachable' | 'model_closed' | 'no_stream';

/**
 * Streamed calls that went on turn by turn, by reason: the realtime model could not be reached within 3 s of the
 * stream starting (unreachable), its session closed mid-call (model_closed), or Twilio never connected the stream
 * (no_stream). Never said to the caller.
 */
export const STREAMED_CALL_FALLBACKS = counterMetric<'reason'>({
  name: 'jarvis_streamed_call_fallbacks_total',
  help: 'Streamed calls that went on turn by turn, by reason (unreachable, model_closed, no_stream)',
  labelNames: ['reason'],
});
