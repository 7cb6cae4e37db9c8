import { describe, expect, it } from 'vitest';
import { extractPlace, geocodeQuery } from './place-extractor';

describe('the place a reminder names', () => {
  it.each([
    ["buy milk when I'm near the pharmacy on 5th Ave", 'the pharmacy on 5th Ave', 'buy milk'],
    ['when I get to the grocery store', 'the grocery store', ''],
    ['pick up dry cleaning near Union Square', 'Union Square', 'pick up dry cleaning'],
    ['Buy stamps when I am at the post office', 'the post office', 'Buy stamps'],
    ['call the landlord once I get to work', 'work', 'call the landlord'],
    ['when im near Trader Joe’s, buy bananas', 'Trader Joe’s', 'buy bananas'],
    ["Return the books when I'm by the library tomorrow", 'the library', 'Return the books tomorrow'],
    ['grab coffee next time I’m near Blue Bottle on Mercer St.', 'Blue Bottle on Mercer St', 'grab coffee'],
    ['Get cash when I arrive at JFK Terminal 4 at 5pm', 'JFK Terminal 4', 'Get cash at 5pm'],
    ['drop off the package near St. Mark’s Place and then go home', 'St. Mark’s Place', 'drop off the package and then go home'],
    ['ask about the refund whenever I pass by the Apple Store', 'the Apple Store', 'ask about the refund'],
    ['pick up a prescription close to Penn Station', 'Penn Station', 'pick up a prescription'],
  ])('%s → %s', (text, place, rest) => {
    expect(extractPlace(text)).toEqual({ place, rest });
  });

  it.each(['Call mom', 'call mom tomorrow at 5pm', 'at 5pm', 'in 2 hours', 'meeting at noon on Friday', 'tomorrow morning', "when I'm near it", 'dentist near 3pm', "text Sam when I'm in a meeting", 'order food when I am at lunch', ''])(
    'finds no place in %j',
    (text) => {
      expect(extractPlace(text)).toBeNull();
    },
  );

  it('keeps a place to 200 characters', () => {
    expect(extractPlace(`near ${'a'.repeat(300)}`)!.place).toHaveLength(200);
  });
});

describe('the geocoder query of a place', () => {
  it('drops the article and reads "on" and "at" as a comma', () => {
    expect(geocodeQuery('the pharmacy on 5th Ave')).toBe('pharmacy, 5th Ave');
    expect(geocodeQuery('Union Square')).toBe('Union Square');
    expect(geocodeQuery('my gym at Astor Place')).toBe('gym, Astor Place');
  });
});
