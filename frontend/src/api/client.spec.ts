import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  requestOf,
  ApiError,
  apiJson,
  apiRequest,
  getQueryFn,
  serverMessageOr,
  TIMEOUT_MESSAGE,
  urlFromQueryKey,
} from './client';
import { fetchWhispers, WHISPERS_FETCH_ERROR } from './chat';
import { queryKeyOf } from './query-keys';
import { api } from './routes';

type FetchArgs = [string, RequestInit];

function fakeFetch(respond: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const fn = vi.fn((url: string, init: RequestInit) => Promise.resolve(respond(url, init)));
  vi.stubGlobal('fetch', fn);
  return fn;
}

function lastCall(fn: ReturnType<typeof fakeFetch>): FetchArgs {
  return fn.mock.calls[fn.mock.calls.length - 1] as FetchArgs;
}

beforeEach(() => {
  vi.useRealTimers();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('apiRequest', () => {
  it('marks every call as XMLHttpRequest and sends cookies', async () => {
    const fetch = fakeFetch(() => new Response('{}', { status: 200 }));
    await apiRequest('GET', '/api/reminders');
    const [url, init] = lastCall(fetch);
    expect(url).toBe('/api/reminders');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('include');
    expect((init.headers as Record<string, string>)['X-Requested-With']).toBe('XMLHttpRequest');
  });

  it('sets no JSON content type when there is no body', async () => {
    const fetch = fakeFetch(() => new Response(null, { status: 204 }));
    await apiRequest('POST', '/api/logout');
    const [, init] = lastCall(fetch);
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
    expect(init.body).toBeUndefined();
  });

  it('sends a JSON body with a JSON content type', async () => {
    const fetch = fakeFetch(() => new Response('{"user":{}}', { status: 201 }));
    await apiRequest('POST', '/api/register', { username: 'ada', password: 'secret1' });
    const [, init] = lastCall(fetch);
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(JSON.parse(init.body as string)).toEqual({ username: 'ada', password: 'secret1' });
  });

  it('turns a non-OK answer into "status: text" carrying the status and the parsed body', async () => {
    fakeFetch(() => new Response('{"error":"Username already taken","code":"CONFLICT"}', { status: 409 }));
    const error = await apiRequest('POST', '/api/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(409);
    expect((error as ApiError).message).toBe('409: {"error":"Username already taken","code":"CONFLICT"}');
    expect((error as ApiError).serverMessage).toBe('Username already taken');
    expect(serverMessageOr(error, 'fallback')).toBe('Username already taken');
  });

  it('uses the status text when the failed body is empty', async () => {
    fakeFetch(() => new Response('', { status: 503, statusText: 'Service Unavailable' }));
    const error = (await apiRequest('GET', '/api/whispers').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('503: Service Unavailable');
    expect(error.status).toBe(503);
    expect(serverMessageOr(error, 'fallback')).toBe('fallback');
  });

  it('aborts after 30 seconds and reports status 408 with the timeout message', async () => {
    vi.useFakeTimers();
    const fetch = fakeFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    const pending = apiRequest('GET', '/api/chat/messages').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(29_999);
    expect((lastCall(fetch)[1].signal as AbortSignal).aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = (await pending) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(408);
    expect(error.message).toBe(TIMEOUT_MESSAGE);
    expect(TIMEOUT_MESSAGE).toBe('Request timed out after 30 seconds. Please try again.');
  });

  it('does not report a timeout for a call answered in time', async () => {
    vi.useFakeTimers();
    fakeFetch(() => new Response('[1,2]', { status: 200 }));
    await expect(apiJson('GET', '/api/reminders')).resolves.toEqual([1, 2]);
    await vi.advanceTimersByTimeAsync(31_000);
  });
});

describe('default query function', () => {
  it("GETs the key's declared path with its input filled in, as callApi sends it", async () => {
    const fetch = fakeFetch(() => new Response('{"id":"m1"}', { status: 200 }));
    const queryKey = queryKeyOf(api.mail.detail, { id: 'm1', images: 'hide' });
    const result = await getQueryFn({ on401: 'returnNull' })({ queryKey });
    expect(result).toEqual({ id: 'm1' });
    const [url, init] = lastCall(fetch);
    expect(url).toBe('/api/email/m1?images=hide');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('include');
    expect(urlFromQueryKey(queryKeyOf(api.calendar.reminders))).toBe('/api/reminders');
    expect(urlFromQueryKey(queryKeyOf(api.chat.forecast, { location: 'São Paulo', days: 3 }))).toBe(
      '/api/weather/forecast/S%C3%A3o%20Paulo?days=3',
    );
  });

  it('yields null for a 401 instead of failing', async () => {
    fakeFetch(() => new Response('{"error":"Not signed in"}', { status: 401 }));
    await expect(getQueryFn({ on401: 'returnNull' })({ queryKey: ['/api/auth/user'] })).resolves.toBeNull();
  });

  it('fails on a 401 when asked to throw', async () => {
    fakeFetch(() => new Response('Unauthorized', { status: 401 }));
    await expect(getQueryFn({ on401: 'throw' })({ queryKey: ['/api/auth/user'] })).rejects.toMatchObject({
      status: 401,
      message: '401: Unauthorized',
    });
  });

  it('still fails on other errors', async () => {
    fakeFetch(() => new Response('boom', { status: 500 }));
    await expect(getQueryFn({ on401: 'returnNull' })({ queryKey: ['/api/reminders'] })).rejects.toMatchObject(
      {
        status: 500,
        message: '500: boom',
      },
    );
  });
});

describe('fetchWhispers', () => {
  it('reports any failure as "Failed to fetch whispers"', async () => {
    fakeFetch(() => new Response('down', { status: 503 }));
    await expect(fetchWhispers()).rejects.toMatchObject({ message: WHISPERS_FETCH_ERROR, status: 503 });
  });

  it('returns the list, and an empty list for a non-list body', async () => {
    fakeFetch(() => new Response('[{"id":"w1","text":"Plan your week","type":"planning"}]', { status: 200 }));
    await expect(fetchWhispers()).resolves.toEqual([{ id: 'w1', text: 'Plan your week', type: 'planning' }]);
    fakeFetch(() => new Response('{"whispers":[]}', { status: 200 }));
    await expect(fetchWhispers()).resolves.toEqual([]);
  });
});

describe('callApi', () => {
  const route = (method: 'GET' | 'POST', path: string) => ({ method, path });

  it('fills path params and sends the other fields of a GET as the query, blanks left out', () => {
    expect(
      requestOf(route('GET', '/api/weather/forecast/:location'), { location: 'São Paulo', days: 3, x: '' }),
    ).toEqual({
      url: '/api/weather/forecast/S%C3%A3o%20Paulo?days=3',
      body: undefined,
    });
  });

  it('sends the other fields of a POST as the JSON body, and no body when none are left', () => {
    expect(requestOf(route('POST', '/api/reminders/:id'), { id: 'r1', done: true })).toEqual({
      url: '/api/reminders/r1',
      body: { done: true },
    });
    expect(requestOf(route('POST', '/api/email/:messageId/trash'), { messageId: 'm1' }).body).toBeUndefined();
  });
});
