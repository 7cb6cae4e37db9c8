import { describe, expect, it } from 'vitest';
import { callSystemPrompt } from './inbound.constants';

describe('what a call may know of the owner', () => {
  it('writes instructions with nothing of the owner when nothing is shared', () => {
    const prompt = callSystemPrompt({ personalityId: null, personality: null, firstName: null, twin: null, busyToday: null });
    expect(prompt).not.toMatch(/first name|Facts about|busy/);
    expect(prompt).toContain("You do not know your owner's schedule");
  });
});
