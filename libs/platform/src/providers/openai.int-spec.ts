import { ProviderUnavailableError, RateLimitedError } from '@jarvis/contracts';
import { closedPortUrl, type LoopbackFake, secretsIn, startLoopback } from '@jarvis/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODEL_SERVER_WORDING, OpenAiConnection, type OpenAiUse, PROVIDER_WORDING } from './openai';

const KEY = 'sk-platform-S3CR3T-0f1e2d3c4b5a';
const MODEL: OpenAiUse = { name: 'The language model', timeoutMs: 5_000, maxRetries: 0, wording: MODEL_SERVER_WORDING };
const SPEECH: OpenAiUse = {
  name: 'OpenAI',
  timeoutMs: 5_000,
  maxRetries: 0,
  wording: PROVIDER_WORDING,
  busy: { message: 'The speech service is busy. Please try again in a minute.', retryAfterSeconds: 60 },
};

/** A model server that answers each completion with the status its model name asks for (`status-429`). */
let server: LoopbackFake;

beforeAll(async () => {
  server = await startLoopback((req) => {
    const status = Number(/^status-(\d+)$/.exec((req.body as { model?: string })?.model ?? '')?.[1] ?? 200);
    if (status !== 200) return { status, body: { error: { message: `failed with ${status}`, type: 'test' } } };
    return { body: { id: 'c1', object: 'chat.completion', created: 0, model: 'm', choices: [{ index: 0, message: { role: 'assistant', content: ' hi ' }, finish_reason: 'stop' }] } };
  });
});
afterAll(() => server?.close());

async function failureOf(connection: OpenAiConnection, model: string): Promise<unknown> {
  try {
    await connection.require().chat.completions.create({ model, messages: [{ role: 'user', content: 'x' }] });
  } catch (error) {
    return connection.failure(error);
  }
  throw new Error('the call did not fail');
}

describe('the OpenAI connection every service builds its model client with', () => {
  it('is off without OPENAI_API_KEY and OPENAI_BASE_URL, and then answers the 503 naming both', () => {
    const off = new OpenAiConnection({}, MODEL);
    expect(off.configured).toBe(false);
    expect(() => off.require()).toThrow('The language model is not configured. Set OPENAI_API_KEY and OPENAI_BASE_URL to enable it.');
    expect(new OpenAiConnection({ OPENAI_BASE_URL: `${server.url}/v1` }, MODEL).configured).toBe(true);
    expect(new OpenAiConnection({ OPENAI_API_KEY: KEY }, MODEL).configured).toBe(true);
  });

  it('sends the key to OPENAI_BASE_URL, and a placeholder to a local server that needs none', async () => {
    const withKey = new OpenAiConnection({ OPENAI_API_KEY: KEY, OPENAI_BASE_URL: `${server.url}/v1` }, MODEL);
    await withKey.require().chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'x' }] });
    expect(server.last().path).toBe('/v1/chat/completions');
    expect(server.last().headers.authorization).toBe(`Bearer ${KEY}`);
    await new OpenAiConnection({ OPENAI_BASE_URL: `${server.url}/v1` }, MODEL).require().chat.completions.create({ model: 'm', messages: [] });
    expect(server.last().headers.authorization).toBe('Bearer not-needed');
  });

  it("turns the model server's statuses into the language model's 503s, a 429 included when no busy text is given", async () => {
    const model = new OpenAiConnection({ OPENAI_API_KEY: KEY, OPENAI_BASE_URL: `${server.url}/v1` }, MODEL);
    const messages = async (status: number) => ((await failureOf(model, `status-${status}`)) as Error).message;
    expect(await messages(401)).toBe('The language model is unavailable: the API key was rejected (check OPENAI_API_KEY)');
    expect(await messages(403)).toBe('The language model is unavailable: the API key was rejected (check OPENAI_API_KEY)');
    expect(await messages(500)).toBe('The language model is unavailable: the model server answered 500');
    const busy = await failureOf(model, 'status-429');
    expect(busy).toBeInstanceOf(ProviderUnavailableError);
    expect(busy).toMatchObject({ message: 'The language model is unavailable: the model server answered 429', details: { variables: ['OPENAI_API_KEY', 'OPENAI_BASE_URL'] } });
  });

  it("answers a 429 with the service's own text and wait, and names only the variables the service gives", async () => {
    const speech = new OpenAiConnection({ OPENAI_API_KEY: KEY, OPENAI_BASE_URL: `${server.url}/v1` }, { ...SPEECH, variables: ['OPENAI_API_KEY'] });
    const busy = await failureOf(speech, 'status-429');
    expect(busy).toBeInstanceOf(RateLimitedError);
    expect(busy).toMatchObject({ message: 'The speech service is busy. Please try again in a minute.', details: { retryAfterSeconds: 60 } });
    expect(await failureOf(speech, 'status-401')).toMatchObject({
      message: 'OpenAI is unavailable: the credentials were rejected (check OPENAI_API_KEY)',
      details: { provider: 'OpenAI', variables: ['OPENAI_API_KEY'] },
    });
    expect(await failureOf(speech, 'status-502')).toMatchObject({ message: 'OpenAI is unavailable: it answered 502' });
  });

  it('says an unreachable server could not be reached, with no credential in the error', async () => {
    const closed = await closedPortUrl();
    const model = new OpenAiConnection({ OPENAI_API_KEY: KEY, OPENAI_BASE_URL: `${closed}/v1` }, MODEL);
    const failure = await failureOf(model, 'm');
    expect(failure).toBeInstanceOf(ProviderUnavailableError);
    expect((failure as Error).message).toBe('The language model is unavailable: the model server could not be reached (check OPENAI_BASE_URL)');
    expect(secretsIn(failure, { OPENAI_API_KEY: KEY })).toEqual([]);
    const speech = new OpenAiConnection({ OPENAI_API_KEY: KEY, OPENAI_BASE_URL: `${closed}/v1` }, SPEECH);
    expect(((await failureOf(speech, 'm')) as Error).message).toBe('OpenAI is unavailable: it could not be reached');
  });

  it('leaves an error that is not the SDK’s to the caller, unless the caller wants every failure as a 503', () => {
    const model = new OpenAiConnection({ OPENAI_API_KEY: KEY }, MODEL);
    const bug = new TypeError('x is undefined');
    expect(model.failure(bug)).toBe(bug);
    expect(model.unavailable(bug)).toMatchObject({ kind: 'PROVIDER_UNAVAILABLE', message: 'The language model is unavailable: the model server answered an error' });
  });
});
