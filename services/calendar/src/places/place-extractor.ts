/**
 * Finds the place a reminder names in what the user wrote: 'buy milk when I'm near the pharmacy on 5th Ave',
 * 'when I get to the grocery store', 'pick up dry cleaning near Union Square'. Answers the place as written
 * ('the pharmacy on 5th Ave') and the rest of the text without the place clause ('buy milk'), or null when the text
 * names no place ('call mom tomorrow at 5pm', 'at 5pm', 'in 2 hours').
 *
 * Only phrases that announce a place are read: 'near', 'close to', 'next to', 'around' (before a place), and
 * 'when / once / as soon as / next time / whenever' followed by 'I'm (near|at|by|in)', 'I get (to|near)',
 * 'I arrive (at|in)', 'I reach', 'I pass (by)', 'I'm close to', 'I'm around'. A bare 'at' or 'in' is not enough:
 * 'at 5pm' and 'in 2 hours' are times.
 */
export interface ExtractedPlace {
  /** The place as the user wrote it ('the pharmacy on 5th Ave'). */
  place: string;
  /** The text without the place clause ('buy milk'); empty when the text was only the clause. */
  rest: string;
}

const MAX_PLACE_LENGTH = 200;

const APOSTROPHE = `['’]`;
const I_AM = `(?:i${APOSTROPHE}?m|i am|im)`;
const WHEN = `(?:when(?:ever)?|once|as soon as|(?:the )?next time|if)`;
const ARRIVAL = [
  `${I_AM}\\s+(?:(?:getting|almost|nearly|passing|walking|driving)\\s+)?(?:near|nearby|close to|next to|around|by|at|in|passing(?: by)?|back at|back in)`,
  `i\\s+(?:get|go|come|walk|drive|stop)\\s+(?:by|to|near|at|into|past)`,
  `i\\s+(?:arrive|am arriving)\\s+(?:at|in)`,
  `i\\s+(?:reach|pass(?: by)?|visit)`,
  `i\\s+(?:am|${APOSTROPHE}m)\\s+out\\s+(?:at|near|by)`,
].join('|');
/** 'when I'm near X', 'once I get to X'. */
const WHEN_CLAUSE = new RegExp(`\\b${WHEN}\\s+(?:${ARRIVAL})\\s+`, 'i');
/** 'near X' on its own ('pick up dry cleaning near Union Square'). */
const NEAR_CLAUSE = /\b(?:near(?:by)?|close to|next to|in the vicinity of)\s+/i;

/** Where a place stops: punctuation, a time phrase, or a new clause ('and then', 'so that'). */
const DAY = '(?:mon|tues|wednes|thurs|fri|satur|sun)day';
const STOP = new RegExp(
  [
    // ';', '!', '?', ',' and a full stop that does not end an abbreviation ('St. Mark's Place').
    `\\s*[;!?,]`,
    `(?<!\\b(?:st|ave|rd|dr|blvd|mt|ft|jr|sr|no|e|w|n|s))\\.(?=\\s|$)`,
    `\\s+(?:tomorrow|today|tonight|this (?:morning|afternoon|evening|week(?:end)?)|next (?:week|month|${DAY}))\\b`,
    `\\s+(?:on )?${DAY}s?\\b`,
    `\\s+(?:at|by|before|after|around|until) (?:\\d|noon|midnight)`,
    `\\s+in (?:\\d+|an?|a few) (?:min|minute|hour|day|week)`,
    `\\s+(?:and then|then|so that|so i|and i|to (?:buy|get|pick|grab|drop|return|pay|see|ask|check))\\b`,
    `\\s+(?:when|once|if)\\b`,
  ].join('|'),
  'i',
);

/** The place clause the text announces, with the rest of the text; null for text that names no place. */
export function extractPlace(text: string): ExtractedPlace | null {
  const clean = text.replace(/\s+/g, ' ').trim();
  for (const clause of [WHEN_CLAUSE, NEAR_CLAUSE]) {
    const found = clause.exec(clean);
    if (!found) continue;
    const afterClause = clean.slice(found.index + found[0].length);
    const stop = STOP.exec(afterClause);
    const raw = stop ? afterClause.slice(0, stop.index) : afterClause;
    const place = trimPlace(raw);
    if (!isPlace(place)) continue;
    const tail = stop ? afterClause.slice(stop.index) : '';
    const rest = tidy(`${clean.slice(0, found.index)} ${tail}`);
    return { place, rest };
  }
  return null;
}

/** What to ask a geocoder for a place as the user wrote it: without 'the' or 'my', 'on'/'at' read as a comma. */
export function geocodeQuery(place: string): string {
  return place
    .replace(/^(?:the|a|an|my|our|that|this)\s+/i, '')
    .replace(/\s+(?:on|at|in)\s+(?=\S)/gi, ', ')
    .trim();
}

function trimPlace(raw: string) {
  return raw
    .replace(/^(?:to|at|by)\s+/i, '')
    .replace(/[\s.,;:!?'"“”)(-]+$/, '')
    .replace(/^[\s'"“”(-]+/, '')
    .trim()
    .slice(0, MAX_PLACE_LENGTH);
}

/**
 * A place has a letter and is not a pronoun ('it', 'there'), a situation ('a meeting', 'lunch') or a time ('3pm',
 * 'noon'); 'home' and 'work' are places.
 */
function isPlace(place: string) {
  if (!/\p{L}/u.test(place)) return false;
  // 'when I'm in a meeting', 'when I'm at lunch': a situation, not a place.
  if (/^(?:a |an |the |my )?(?:meeting|call|lunch|dinner|breakfast|brunch|break|class|bed|car|shower|mood|hurry|rush|trouble|doubt|line|queue)s?$/i.test(place)) {
    return false;
  }
  // 'near 3pm', 'near noon': a time, not a place.
  if (/^(?:\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m|p\.m|o'clock)?|noon|midnight|(?:the )?(?:morning|afternoon|evening|night|end of the day))$/i.test(place)) return false;
  return !/^(?:it|there|here|them|him|her|you|me|that|this|now|soon|later|(?:a |the )?(?:moment|minute|while))$/i.test(place);
}

function tidy(text: string) {
  return text
    .replace(/\s+([,.;!?])/g, '$1')
    .replace(/\s+/g, ' ')
    .replace(/^[\s,;:-]+|[\s,;:-]+$/g, '')
    .trim();
}
