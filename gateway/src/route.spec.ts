import type { DiscoveryService } from '@nestjs/core';
import { endpoint, type Endpoint, idParam, noInput, returns } from '@jarvis/contracts';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SessionUsers } from './identity/session-users';
import { declaredRoutes, Route, routeEndpoint, type RouteInput } from './http/route';

const notes = {
  create: endpoint({
    method: 'POST', path: '/api/test-notes', service: 'gateway', subject: 'test.notes.create', access: 'user',
    request: z.object({ title: z.string().trim().min(1, 'Title is required') }), response: returns<{ id: string; title: string }>(),
  }),
  rename: endpoint({
    method: 'PUT', path: '/api/test-notes/:id', service: 'gateway', subject: 'test.notes.rename', access: 'user',
    request: idParam.extend({ title: z.string().min(1, 'Title is required') }), response: returns<{ id: string }>(),
  }),
  open: endpoint({
    method: 'GET', path: '/api/test-notes/open', service: 'gateway', subject: 'test.notes.open', access: 'public',
    request: noInput, response: returns<never>(), responseKind: 'redirect',
  }),
  raw: endpoint({
    method: 'GET', path: '/api/test-notes/raw', service: 'gateway', subject: 'test.notes.raw', access: 'public',
    request: noInput, response: returns<never>(),
  }),
};

/** A routes class as a feature writes one: no guard, no pipe, no status. */
class NoteRoutes {
  readonly seen: RouteInput[] = [];

  @Route(notes.create)
  create(input: RouteInput<typeof notes.create>) {
    this.seen.push(input);
    return { id: 'n1', title: input.data.title };
  }

  @Route(notes.rename)
  rename(input: RouteInput<typeof notes.rename>) {
    this.seen.push(input);
    return { id: input.data.id };
  }

  @Route(notes.open)
  open() {
    return { location: '/notes' };
  }

  @Route(notes.raw)
  async raw({ reply }: RouteInput<typeof notes.raw>) {
    await reply.code(202).type('text/plain').send('answered here');
    return reply;
  }
}

async function harness(signedIn: boolean) {
  const routes = new NoteRoutes();
  const sessions = Object.assign(Object.create(SessionUsers.prototype) as SessionUsers, {
    resolve: async () => (signedIn ? { userId: 'u1', tier: 'free' as const } : null),
  });
  const discovery = { getProviders: () => [{ instance: routes }, { instance: 'not a class' }, { instance: null }] } as unknown as DiscoveryService;
  const app = Fastify();
  for (const route of declaredRoutes(discovery)) routeEndpoint(app, route.endpoint, (e: Endpoint, req) => sessions.contextFor(e, req), route.handle);
  await app.ready();
  return { app, routes };
}

describe('routes of the endpoints the gateway owns', () => {
  it('are found on the providers, each with its declared method and path', async () => {
    const { app } = await harness(true);
    expect(app.printRoutes({ commonPrefix: false })).toMatch(/test-notes/);
    expect((await app.inject({ method: 'GET', url: '/api/test-notes' })).statusCode).toBe(404);
  });

  it('refuse a signed-in endpoint without a session before the method runs', async () => {
    const { app, routes } = await harness(false);
    const res = await app.inject({ method: 'POST', url: '/api/test-notes', payload: { title: 'x' } });
    expect(res.statusCode).toBe(401);
    expect(res.body).toBe('{"error":"Not signed in","code":"UNAUTHENTICATED"}');
    expect(routes.seen).toEqual([]);
  });

  it('give the method the parsed input and the caller, and answer with the declared status (201 for a create)', async () => {
    const { app, routes } = await harness(true);
    const res = await app.inject({ method: 'POST', url: '/api/test-notes', payload: { title: '  Groceries ', extra: 1 } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: 'n1', title: 'Groceries' });
    expect(routes.seen[0]).toMatchObject({ userId: 'u1', ctx: { userId: 'u1', tier: 'free' }, data: { title: 'Groceries' } });
  });

  it('answer refused input with 400 { error, code, fields }, and a malformed path id with 404, before the method runs', async () => {
    const { app, routes } = await harness(true);
    const bad = await app.inject({ method: 'POST', url: '/api/test-notes', payload: { title: ' ' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toBe('{"error":"Title is required","code":"VALIDATION","fields":{"title":["Title is required"]}}');
    const unknown = await app.inject({ method: 'PUT', url: '/api/test-notes/not-an-id', payload: { title: 'x' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Note not found', code: 'NOT_FOUND' });
    expect(routes.seen).toEqual([]);
  });

  it('redirect where the endpoint declares a redirect, and leave a reply the method sent alone', async () => {
    const { app } = await harness(false);
    const open = await app.inject({ method: 'GET', url: '/api/test-notes/open' });
    expect(open.statusCode).toBe(302);
    expect(open.headers.location).toBe('/notes');
    const raw = await app.inject({ method: 'GET', url: '/api/test-notes/raw' });
    expect(raw.statusCode).toBe(202);
    expect(raw.body).toBe('answered here');
  });
});
