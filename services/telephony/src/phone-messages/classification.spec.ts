import { describe, expect, it } from 'vitest';
import { classifyByKeywords } from './classification';

describe('classifyByKeywords', () => {
  it('marks an urgent message urgent', () => {
    const c = classifyByKeywords('This is urgent, the pipe burst');
    expect(c).toMatchObject({ messageType: 'urgent', priority: 'urgent', followUpNeeded: true });
  });

  it('turns a call-back request into an action item', () => {
    const c = classifyByKeywords('Hi, it is Ann, please call me back tonight');
    expect(c).toMatchObject({ messageType: 'callback_request', priority: 'high', callbackRequested: true });
    expect(c.actionItems).toEqual([{ task: 'Call back', completed: false, priority: 'high' }]);
  });

  it('recognises a question', () => {
    expect(classifyByKeywords('Do you know when the party starts?').messageType).toBe('question');
  });

  it('leaves an empty or plain message normal', () => {
    expect(classifyByKeywords(null)).toMatchObject({ messageType: 'other', priority: 'normal', tags: [], followUpNeeded: false });
    expect(classifyByKeywords('Just saying hello').priority).toBe('normal');
  });
});
