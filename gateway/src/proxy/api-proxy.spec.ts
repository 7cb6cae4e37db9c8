import type { Endpoint, RequestContext } from '@jarvis/contracts';
import type { RpcClient } from '@jarvis/platform';
import type { NextFunction, Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import type { SessionUsers } from '../identity/session-users';
import { ApiProxy } from './api-proxy';

function harness() {
  const calls: { subject: string; data: unknown }[] = [];
  const rpc = { call: async (e: Endpoint, data: unknown, _ctx: RequestContext) => { calls.push({ subject: e.subject, data }); return {}; } } as unknown as RpcClient;
  const sessions = { resolve: async () => ({ userId: 'u1', tier: 'free' }) } as unknown as SessionUsers;
  const middleware = new ApiProxy(rpc, sessions).middleware();
  const dispatch = async (method: string, path: string) => {
    let passed = false;
    const res = { status: () => res, json: () => res, setHeader: () => res, redirect: () => res } as unknown as Response;
    const req = { method, path, query: {}, body: {}, requestId: 'r' } as unknown as Request;
    middleware(req, res, (() => { passed = true; }) as NextFunction);
    await new Promise((r) => setTimeout(r, 5));
    return { passed, call: calls.at(-1) };
  };
  return { dispatch };
}

describe('ApiProxy routing', () => {
  it('prefers a static segment over a parameter', async () => {
    const { dispatch } = harness();
    expect((await dispatch('GET', '/api/email/status')).call?.subject).toBe('mail.connection.status');
    expect((await dispatch('GET', '/api/email/abc123')).call?.subject).toBe('mail.messages.get');
    expect((await dispatch('PUT', '/api/notifications/mark-all-read')).call?.subject).toBe('notifications.inbox.markAllRead');
  });

  it('decodes path parameters', async () => {
    const { dispatch } = harness();
    const { call } = await dispatch('GET', '/api/weather/current/New%20York%2C%20NY');
    expect(call).toEqual({ subject: 'chat.weather.current', data: { location: 'New York, NY' } });
  });

  it('leaves unknown paths and gateway-owned routes to the next handler', async () => {
    const { dispatch } = harness();
    expect((await dispatch('GET', '/api/does-not-exist')).passed).toBe(true);
    expect((await dispatch('POST', '/api/login')).passed).toBe(true);
    expect((await dispatch('DELETE', '/api/reminders')).passed).toBe(true);
  });
});
