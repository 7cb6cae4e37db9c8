import { parseMultipart, type RawFake, startRawFake } from '@jarvis/testing/fakes';

/** What the speech fake answers with: an MP3 frame header and some bytes, so a test can compare them. */
export const FAKE_SPEECH = Buffer.concat([Buffer.from('ID3'), Buffer.alloc(64, 7)]);
export const FAKE_TRANSCRIPT = 'Remind me to call mom tomorrow';
export const FAKE_IMAGE_ANSWER = 'A small red square on a white background.';

/**
 * OpenAI's audio and chat APIs as the `openai` SDK calls them: /v1/audio/speech answers MP3 bytes,
 * /v1/audio/transcriptions reads the multipart upload (a file starting 'BROKEN' is refused as OpenAI refuses
 * undecodable audio), /v1/chat/completions answers an image question (a prompt with 'say nothing' gets an empty
 * answer) or a translation ("[<target>] <text>").
 */
export function startOpenAiFake(options: { down?: boolean } = {}): Promise<RawFake> {
  return startRawFake((req) => {
    if (options.down) return { status: 500, body: { error: { message: 'The server had an error' } } };
    if (req.method === 'POST' && req.path === '/v1/audio/speech') return { body: FAKE_SPEECH, contentType: 'audio/mpeg' };
    if (req.method === 'POST' && req.path === '/v1/audio/transcriptions') {
      const file = parseMultipart(req).find((part) => part.name === 'file');
      if (!file?.filename) return { status: 400, body: { error: { message: 'No file', type: 'invalid_request_error' } } };
      if (file.data.subarray(0, 6).toString('latin1') === 'BROKEN') {
        return { status: 400, body: { error: { message: 'Invalid file format.', type: 'invalid_request_error' } } };
      }
      return { body: { text: FAKE_TRANSCRIPT, usage: { type: 'duration', seconds: 3 } } };
    }
    if (req.method === 'POST' && req.path === '/v1/chat/completions') return { body: completion(req.json) };
    return { status: 404, body: { error: { message: 'Not found' } } };
  });
}

function completion(body: any) {
  const messages = body.messages as { role: string; content: string | { type: string; text?: string; image_url?: { url: string } }[] }[];
  const user = messages[messages.length - 1];
  let content: string;
  if (Array.isArray(user.content)) {
    const prompt = user.content.find((p) => p.type === 'text')?.text ?? '';
    const image = user.content.find((p) => p.type === 'image_url')?.image_url?.url ?? '';
    content = /say nothing/i.test(prompt) || !image.startsWith('data:image/') ? '' : FAKE_IMAGE_ANSWER;
  } else {
    const target = /into ([^.]+)\./.exec(messages[0].content as string)?.[1] ?? '?';
    content = `[${target}] ${user.content}`;
  }
  return {
    id: 'chatcmpl-fake', object: 'chat.completion', created: Math.floor(Date.now() / 1000), model: body.model,
    choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop', logprobs: null }],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
}
