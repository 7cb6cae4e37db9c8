import type { Endpoint, RequestContext } from '@jarvis/contracts';
import type { RpcClient } from '@jarvis/platform';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { SessionUsers } from '../identity/session-users';
import type { QuotaService } from '../quota/quota.service';
import { ApiProxy } from './api-proxy';

async function harness() {
  const calls: { subject: string; data: unknown; ctx: RequestContext }[] = [];
  const rpc = {
    call: async (e: Endpoint, data: unknown, ctx: RequestContext) => {
      calls.push({ subject: e.subject, data, ctx });
      return {};
    },
  } as unknown as RpcClient;
  // Every caller is the signed-in u1, as SessionUsers admits them.
  const sessions = Object.assign(Object.create(SessionUsers.prototype) as SessionUsers, { resolve: async () => ({ userId: 'u1', tier: 'free' }) });
  const app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
  // Quotas are charged in Redis; routing is what this checks (quota/quota.int-spec.ts checks the charging).
  const quotas = { metered: (_e: Endpoint, _input: unknown, _ctx: RequestContext, call: () => Promise<unknown>) => call() } as unknown as QuotaService;
  new ApiProxy(rpc, quotas).register(app, (endpoint, req) => sessions.contextFor(endpoint, req));
  await app.ready();
  const dispatch = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string) => {
    const before = calls.length;
    const res = await app.inject({ method, url, remoteAddress: '203.0.113.7' });
    return { status: res.statusCode, call: calls.length > before ? calls.at(-1) : undefined };
  };
  return { dispatch };
}

describe('ApiProxy routing', () => {
  it('prefers a static segment over a parameter', async () => {
    const { dispatch } = await harness();
    expect((await dispatch('GET', '/api/email/status')).call?.subject).toBe('mail.connection.status');
    expect((await dispatch('GET', '/api/email/abc123')).call?.subject).toBe('mail.messages.get');
    expect((await dispatch('PUT', '/api/notifications/mark-all-read')).call?.subject).toBe('notifications.inbox.markAllRead');
  });

  it('decodes path parameters', async () => {
    const { dispatch } = await harness();
    const { call } = await dispatch('GET', '/api/weather/current/New%20York%2C%20NY');
    expect(call).toMatchObject({ subject: 'chat.weather.current', data: { location: 'New York, NY' } });
  });

  it('routes no unknown path and no gateway-owned route to a service', async () => {
    const { dispatch } = await harness();
    expect(await dispatch('GET', '/api/does-not-exist')).toMatchObject({ status: 404, call: undefined });
    expect(await dispatch('POST', '/api/login')).toMatchObject({ status: 404, call: undefined });
    expect(await dispatch('DELETE', '/api/reminders')).toMatchObject({ status: 404, call: undefined });
  });

  it("tells a public endpoint's service the visitor's address, and a signed-in one's nothing of it", async () => {
    const { dispatch } = await harness();
    expect((await dispatch('GET', '/api/booking-requests/abcdefghijkl')).call?.ctx.clientIp).toBe('203.0.113.7');
    expect((await dispatch('GET', '/api/reminders')).call?.ctx).not.toHaveProperty('clientIp');
  });
});
