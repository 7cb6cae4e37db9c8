import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allEndpoints, api, idParam, inputWith, requestFields, unboundedReason } from './index';

const name = (e: { method: string; path: string }) => `${e.method} ${e.path}`;
const pathParams = (path: string) => [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);

describe('the request field walker', () => {
  it('sees strings, arrays and free-form values through optional, default, union, pipe and refine', () => {
    const schema = z
      .object({
        a: z.string().max(5).optional(),
        b: z.array(z.object({ c: z.string() })).default([]).transform((x) => x.slice(-1)),
        d: z.union([z.literal(''), z.email()]).nullish(),
        e: z.union([z.string(), z.number()]).transform(String).pipe(z.string().min(1)),
        f: z.record(z.string(), z.unknown()),
        id: z.uuid(),
      })
      .refine(() => true);
    const fields = requestFields(schema).map((f) => [f.path.join('.'), f.kind, unboundedReason(f)]);
    expect(fields).toEqual([
      ['a', 'string', null],
      ['b', 'array', 'an array without a max size'],
      ['b.0.c', 'string', 'a string without a max length'],
      ['d', 'string', 'a string without a max length'],
      ['e', 'string', 'a string without a max length'],
      ['f', 'record', 'a record with no bound on its keys'],
      ['f.*key', 'string', 'a string without a max length'],
      ['f.k', 'unknown', 'a free-form value (unknown/any) with no bounds'],
      ['id', 'string', null],
    ]);
  });
});

describe('every declared request is bounded', () => {
  it('gives every string a max length and every array a max size', () => {
    const unbounded = allEndpoints.flatMap((e) =>
      requestFields(e.request).flatMap((field) => {
        const reason = unboundedReason(field);
        return reason ? [`${name(e)}: ${field.path.join('.') || '(root)'} is ${reason}`] : [];
      }),
    );
    expect(unbounded).toEqual([]);
  });

  it('checks every path parameter, so a malformed one never reaches a service', () => {
    for (const e of allEndpoints) {
      for (const param of pathParams(e.path)) {
        const result = e.request.safeParse({ [param]: 'malformed\u0000' });
        expect(result.error?.issues.some((i) => i.path[0] === param), `${name(e)} checks :${param}`).toBe(true);
      }
    }
  });

  it('declares the ids of our own rows as uuids', () => {
    const idPaths = allEndpoints.filter((e) => pathParams(e.path).includes('id') && e.service !== 'mail');
    for (const e of idPaths) {
      const id = requestFields(e.request).find((f) => f.path.join('.') === 'id');
      expect(id?.fixedFormat, `${name(e)} :id is a uuid`).toBe(true);
      expect(e.request.safeParse({ id: 'not-a-uuid' }).error?.issues.some((i) => i.path[0] === 'id'), name(e)).toBe(true);
    }
    expect(idParam.safeParse({ id: '3f1c2a9e-6b7d-4c1e-9a2b-1c2d3e4f5a6b' }).success).toBe(true);
    expect(api.chat.feedback.request.safeParse({ messageId: 'x'.repeat(2_000_000), feedbackType: 'like' }).success).toBe(false);
  });
});

describe('NUL characters', () => {
  const cases = allEndpoints.flatMap((e) =>
    requestFields(e.request)
      .filter((f) => f.kind === 'string' && !f.path.some((p) => typeof p === 'string' && p.startsWith('*')))
      .map((f) => ({ endpoint: e, path: f.path })),
  );

  it('finds string fields to probe in most endpoints', () => {
    expect(cases.length).toBeGreaterThan(80);
  });

  it.each(cases.map((c) => [`${name(c.endpoint)} ${c.path.join('.')}`, c] as const))('refuses a NUL in %s, naming the field', (_label, { endpoint, path }) => {
    const result = endpoint.request.safeParse(inputWith(path, 'a\u0000b'));
    expect(result.success).toBe(false);
    const issue = result.error!.issues.find((i) => i.path.join('.') === path.join('.') && /NUL/.test(i.message));
    expect(issue?.message).toBe(`${path.join('.')} must not contain NUL characters`);
  });

  it('refuses a NUL in a field an endpoint does not declare only where it would reach the service', () => {
    expect(api.calendar.reminders.request.parse({ anything: 'a\u0000b' })).toEqual({});
    const wrong = api.calendar.createReminder.request.safeParse({ title: 'Call\u0000', when: ['x\u0000'] });
    expect(wrong.error!.issues.map((i) => i.path.join('.'))).toEqual(expect.arrayContaining(['title', 'when']));
  });

  it('keeps valid input and the spec texts as they were', () => {
    expect(api.identity.login.request.parse({ username: ' ada ', password: 'pw' })).toEqual({ username: 'ada', password: 'pw' });
    expect(api.calendar.createReminder.request.safeParse({ title: ' ', when: 'tomorrow' }).error?.issues[0].message).toBe(
      'Please provide a title for your reminder.',
    );
  });

  it('survives deeply nested input without overflowing the stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    const result = api.chat.trainTwin.request.safeParse({ samples: deep });
    expect(result.success).toBe(false);
  });
});
