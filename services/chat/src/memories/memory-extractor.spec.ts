import { describe, expect, it } from 'vitest';
import { extractProfileMemories, homeLocation } from './memory-extractor';

const contents = (message: string) => extractProfileMemories(message).map((m) => m.content);

describe('extractProfileMemories', () => {
  it('reads a name without the words that follow it', () => {
    expect(contents('My name is Sam and I live in Boston')).toEqual(['User\'s name is Sam', 'Lives in Boston']);
    expect(contents('my name is sam')).toEqual(["User's name is Sam"]);
    expect(contents('My name is Ada Lovelace.')).toEqual(["User's name is Ada Lovelace"]);
  });

  it('stops a place or a liking at the end of its clause', () => {
    expect(contents('I live in New York, and I love jazz because it relaxes me')).toEqual(['Lives in New York', 'Likes jazz']);
  });

  it('ignores questions and vague objects', () => {
    expect(contents('Do you know where I live in the city?')).toEqual([]);
    expect(contents('I love it')).toEqual([]);
  });

  it('finds the home place among stored memories', () => {
    expect(homeLocation([{ content: 'Lives in Boston', tags: ['location', 'home'] }])).toBe('Boston');
  });
});
