import { describe, expect, it } from 'vitest';
import { findTimeExpression, NO_MODEL_HINT, offlineReply } from './offline-assistant';

describe('offline assistant', () => {
  it.each([
    ['remind me to call mom tomorrow at 5pm', 'call mom', 'tomorrow at 5pm'],
    ['Remind me tomorrow at 5pm to call mom', 'call mom', 'tomorrow at 5pm'],
    ['Jarvis, please remind me to take out the trash tonight', 'take out the trash', 'tonight'],
    ['set a reminder to pay rent on Friday at 9am', 'pay rent', 'on Friday at 9am'],
    ['remind me about the dentist appointment next monday', 'the dentist appointment', 'next monday'],
    ['remind me to stretch in 20 minutes', 'stretch', 'in 20 minutes'],
    ['remind me to buy milk this evening.', 'buy milk', 'this evening'],
  ])('turns %j into create_reminder with its title and time', (message, title, when) => {
    const { actions, reply } = offlineReply(message);
    expect(actions).toEqual([{ type: 'create_reminder', args: { title, when } }]);
    expect(reply).toContain(title);
  });

  it('asks for the time when a reminder has none, and offers no action', () => {
    const result = offlineReply('remind me to call mom');
    expect(result.actions).toEqual([]);
    expect(result.reply).toMatch(/When should I remind you to call mom/);
  });

  it('recognises weather for a place, and falls back to where the user lives', () => {
    expect(offlineReply("what's the weather in Paris?").actions).toEqual([{ type: 'get_weather', args: { location: 'Paris' } }]);
    expect(offlineReply('How is the weather like in New York today').actions).toEqual([{ type: 'get_weather', args: { location: 'New York' } }]);
    expect(offlineReply('is it going to rain?', { homeLocation: 'Boston' }).actions).toEqual([{ type: 'get_weather', args: { location: 'Boston' } }]);
    expect(offlineReply('what is the weather like').reply).toMatch(/Which city/);
  });

  it('recognises a forecast with its number of days (5 by default)', () => {
    expect(offlineReply('forecast for London').actions).toEqual([{ type: 'get_forecast', args: { location: 'London', days: 5 } }]);
    expect(offlineReply('weather in Tokyo for the next 3 days').actions).toEqual([{ type: 'get_forecast', args: { location: 'Tokyo', days: 3 } }]);
  });

  it('recognises event searches and nearby events', () => {
    expect(offlineReply('find jazz concerts in Chicago').actions).toEqual([{ type: 'search_events', args: { keyword: 'jazz', location: 'Chicago' } }]);
    expect(offlineReply('any events near me?', { homeLocation: 'Austin' }).actions).toEqual([
      { type: 'find_events_near', args: { location: 'Austin', radius: 50 } },
    ]);
    expect(offlineReply('show me concerts near Seattle').actions).toEqual([
      { type: 'find_events_near', args: { location: 'Seattle', keyword: 'concert', radius: 50 } },
    ]);
  });

  it('recognises a web search with recency day', () => {
    expect(offlineReply('search the web for best hiking trails').actions).toEqual([
      { type: 'search_web', args: { query: 'best hiking trails', searchRecency: 'day' } },
    ]);
    expect(offlineReply("what's the latest news on the Mars mission?").actions).toEqual([
      { type: 'search_web', args: { query: 'the Mars mission', searchRecency: 'day' } },
    ]);
  });

  it('drafts a text message with its recipient as context', () => {
    expect(offlineReply("text John saying I'm running 10 minutes late").actions).toEqual([
      { type: 'draft_text_message', args: { message: "I'm running 10 minutes late", context: 'Text to John' } },
    ]);
    expect(offlineReply('draft a text to Sarah that the meeting moved to 3pm with my booking link').actions).toEqual([
      { type: 'draft_text_message', args: { message: 'The meeting moved to 3pm', context: 'Text to Sarah', includeBookingLink: true } },
    ]);
  });

  it('drafts an email with a subject and body', () => {
    const [action] = offlineReply('write an email to Alex about the quarterly report saying it is ready for review').actions;
    expect(action.type).toBe('draft_email');
    expect(action.args).toMatchObject({ subject: 'The quarterly report', context: 'Email to Alex' });
    expect(action.args.message).toContain('It is ready for review.');
  });

  it('says plainly that open conversation needs a model and which variable to set', () => {
    const result = offlineReply('tell me a joke about penguins');
    expect(result.actions).toEqual([]);
    expect(result.reply).toContain(NO_MODEL_HINT);
    expect(result.reply).toContain('OPENAI_API_KEY');
    expect(result.reply).toContain('OPENAI_BASE_URL');
  });

  it('finds adjacent time pieces as one expression', () => {
    expect(findTimeExpression('call mom at 5pm tomorrow please')?.when).toBe('at 5pm tomorrow');
    expect(findTimeExpression('nothing here')).toBeNull();
  });
});
