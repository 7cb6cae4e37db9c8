import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayHarness, startGateway } from '../../testing/harness';

/** A loopback stand-in for Google's OAuth 2.0 token endpoint and OpenID userinfo endpoint. */
function fakeGoogle() {
  const seen: { tokenBodies: URLSearchParams[]; userinfoAuth: string[] } = { tokenBodies: [], userinfoAuth: [] };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/token') {
        const params = new URLSearchParams(body);
        seen.tokenBodies.push(params);
        if (params.get('code') !== 'good-code') {
          res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'invalid_grant' }));
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ access_token: 'at-1', token_type: 'Bearer', expires_in: 3600 }));
      } else if (req.url?.split('?')[0] === '/oauth2/v3/userinfo') {
        const query = new URL(req.url!, 'http://x').searchParams.get('access_token');
        seen.userinfoAuth.push(req.headers.authorization ?? `Bearer ${query}`);
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({ sub: 'google-123', email: 'Grace@Example.com', email_verified: true, given_name: 'Grace', family_name: 'Hopper', picture: 'https://example.com/g.png' }),
        );
      } else {
        res.writeHead(404).end();
      }
    });
  });
  return { server, seen };
}

let gw: GatewayHarness;
const google = fakeGoogle();

beforeAll(async () => {
  await new Promise<void>((r) => google.server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(google.server.address() as AddressInfo).port}`;
  gw = await startGateway('google', {
    GOOGLE_CLIENT_ID: 'client-1',
    GOOGLE_CLIENT_SECRET: 'secret-1',
    GOOGLE_OAUTH_BASE_URL: base,
    GOOGLE_API_BASE_URL: base,
    PUBLIC_URL: 'http://localhost:3999',
  });
});
afterAll(async () => {
  await gw?.close();
  await new Promise((r) => google.server.close(r));
  for (const key of ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'GOOGLE_OAUTH_BASE_URL', 'GOOGLE_API_BASE_URL', 'PUBLIC_URL']) delete process.env[key];
});

describe('Google sign-in', () => {
  it('redirects to the consent screen, then signs in and returns to /auth/callback?auth=success', async () => {
    const client = gw.client();
    const start = await client.get('/api/auth/google');
    expect(start.status).toBe(302);
    const consent = new URL(start.headers.get('location')!);
    expect(consent.pathname).toBe('/o/oauth2/v2/auth');
    expect(consent.searchParams.get('client_id')).toBe('client-1');
    expect(consent.searchParams.get('redirect_uri')).toBe('http://localhost:3999/api/auth/google/callback');
    expect(consent.searchParams.get('scope')).toBe('profile email');
    const state = consent.searchParams.get('state')!;
    expect(state).toBeTruthy();

    const back = await client.get(`/api/auth/google/callback?code=good-code&state=${encodeURIComponent(state)}`);
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe('/auth/callback?auth=success');
    // The browser is bound to the account, as at every sign-in.
    expect(back.setCookies.find((c) => c.startsWith('jarvis_device='))).toMatch(/^jarvis_device=[A-Za-z0-9_-]{43};.*HttpOnly/i);
    expect(google.seen.tokenBodies.at(-1)?.get('redirect_uri')).toBe('http://localhost:3999/api/auth/google/callback');
    expect(google.seen.userinfoAuth.at(-1)).toBe('Bearer at-1');

    const me = await client.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper', profileImageUrl: 'https://example.com/g.png', hasPassword: false, emailVerified: true });
  });

  it('signs the same Google account into the same user the second time', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const client = gw.client();
      const state = new URL((await client.get('/api/auth/google')).headers.get('location')!).searchParams.get('state')!;
      await client.get(`/api/auth/google/callback?code=good-code&state=${encodeURIComponent(state)}`);
      ids.push((await client.get('/api/auth/user')).body.id);
    }
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[0]).toBe(ids[1]);
  });

  it('returns to /auth/callback with an error when the state does not match (no sign-in)', async () => {
    const client = gw.client();
    await client.get('/api/auth/google');
    const back = await client.get('/api/auth/google/callback?code=good-code&state=forged');
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toMatch(/^\/auth\/callback\?error=/);
    expect((await client.get('/api/auth/user')).status).toBe(401);
  });

  it('returns to /auth/callback with the error when the user denies consent', async () => {
    const client = gw.client();
    await client.get('/api/auth/google');
    const back = await client.get('/api/auth/google/callback?error=access_denied');
    expect(back.headers.get('location')).toBe('/auth/callback?error=access_denied');
  });
});
