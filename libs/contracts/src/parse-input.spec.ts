import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint, idParam, returns, rowId } from './endpoint';
import { DomainError, ErrorKind } from './errors';
import { internal } from './internal';
import { InvalidInputError, parseInput } from './parse-input';

const renameNote = endpoint({
  method: 'PUT', path: '/api/notes/:id', service: 'chat', subject: 'chat.notes.rename', access: 'user',
  request: idParam.extend({ title: z.string().trim().min(1, 'Title is required'), copies: z.number().int().default(1) }),
  response: returns<null>(),
});

function refusal(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('the input was accepted');
}

describe('parseInput', () => {
  it('returns the parsed request: trimmed, defaults applied, unknown fields dropped', () => {
    const id = '00000000-0000-4000-8000-000000000001';
    expect(parseInput(renameNote, { id, title: '  Groceries ', extra: 'x' })).toEqual({ id, title: 'Groceries', copies: 1 });
  });

  it('refuses bad fields with a 400 naming each of them, the first message as the error', () => {
    const error = refusal(() => parseInput(renameNote, { id: '00000000-0000-4000-8000-000000000001', title: ' ', copies: 1.5 }));
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(error).toMatchObject({ kind: ErrorKind.Validation, code: 'VALIDATION', message: 'Title is required' });
    expect((error as InvalidInputError).fields).toEqual({ title: ['Title is required'], copies: [expect.any(String)] });
    expect(error.toEnvelope().details).toEqual({ fields: (error as InvalidInputError).fields });
  });

  it('names an input that is not an object as `_`', () => {
    const error = refusal(() => parseInput(renameNote, ['not', 'an', 'object'])) as InvalidInputError;
    expect(Object.keys(error.fields)).toEqual(['_']);
  });

  it('answers a malformed id in the path as an unknown one (404 naming the resource), whatever else is wrong', () => {
    for (const id of ['nope', 'x\u0000', '']) {
      const error = refusal(() => parseInput(renameNote, { id, title: '' }));
      expect(error).toMatchObject({ kind: ErrorKind.NotFound, message: 'Note not found' });
    }
  });

  it('treats an id field of an internal subject (no path) as any other field', () => {
    const lookup = internal({ subject: 'chat.notes.find', service: 'chat', request: z.object({ id: rowId() }), response: returns<null>() });
    expect(refusal(() => parseInput(lookup, { id: 'nope' }))).toBeInstanceOf(InvalidInputError);
  });
});
