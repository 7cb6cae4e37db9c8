import type { SendChatRequest, SendChatResponse } from './chat';
import { api } from './routes';
import { ApiError, apiRequestReading, readJson } from './client';
import { readEventStream } from './sse';

/*
 * The streamed send, apart from api/chat.ts: the chat loads it when the text box is first focused (with the message
 * bubble), not with the empty chat a sign-in opens on.
 */

/** The status a failure reported inside a stream carries (the HTTP answer itself was 200). */
export const STREAM_ERROR_STATUS = 502;
export const STREAM_ENDED_EARLY = 'The reply stopped before it was complete.';

/**
 * POST /api/chat asking for a streamed reply (`Accept: text/event-stream`): `onToken` gets each piece of text as
 * the model writes it; the promise resolves with the same reply as sendChatMessage (the `done` event). An `error`
 * event or a stream cut short rejects with an ApiError, the server's `{error, code}` as its body. A server that
 * answers plain JSON (one without streaming) is read as such. The 30 s limit covers the whole stream.
 */
export function streamChatMessage(
  body: SendChatRequest,
  { onToken, signal }: { onToken: (text: string) => void; signal?: AbortSignal },
): Promise<SendChatResponse> {
  return apiRequestReading(
    'POST',
    api.chat.send.path,
    body,
    { signal, headers: { Accept: 'text/event-stream' } },
    async (res) => {
      const type = res.headers.get('content-type') ?? '';
      if (!type.includes('text/event-stream') || !res.body) return readJson<SendChatResponse>(res);
      let result: { reply: SendChatResponse } | undefined;
      let failure: ApiError | undefined;
      await readEventStream(res.body, (event) => {
        if (result || failure) return;
        const data = parseData(event.data);
        if (event.event === 'token' && typeof data === 'string') onToken(data);
        else if (event.event === 'done') result = { reply: data as SendChatResponse };
        else if (event.event === 'error') {
          failure = new ApiError(STREAM_ERROR_STATUS, `${STREAM_ERROR_STATUS}: ${event.data}`, data);
        }
      });
      if (failure) throw failure;
      if (!result) throw new ApiError(STREAM_ERROR_STATUS, STREAM_ENDED_EARLY);
      return result.reply;
    },
  );
}

function parseData(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}
