import type { Pattern, PatternInsight } from '@jarvis/contracts';

export interface HistoryMessage {
  content: string;
  createdAt: Date;
}

/**
 * Lower bound of the Wilson score interval (95%) for `hits` out of `n`: the share we can honestly claim. It is 0
 * with no evidence and approaches the observed share as evidence grows, so confidence grows with data.
 */
export function wilsonLowerBound(hits: number, n: number, z = 1.96): number {
  if (n === 0) return 0;
  const p = hits / n;
  const z2 = z * z;
  const centre = p + z2 / (2 * n);
  const margin = z * Math.sqrt((p * (1 - p) + z2 / (4 * n)) / n);
  return Math.max(0, Math.min(1, (centre - margin) / (1 + z2 / n)));
}

const round2 = (x: number) => Math.round(x * 100) / 100;

const ZONE = 'America/New_York';
const hourFormat = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, hour: 'numeric', hourCycle: 'h23' });
const weekdayFormat = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, weekday: 'short' });

export function hourInZone(date: Date): number {
  return Number(hourFormat.format(date)) % 24;
}

export const DAYPARTS = [
  { id: 'morning', label: 'morning', range: '5am-12pm ET', from: 5, to: 12 },
  { id: 'afternoon', label: 'afternoon', range: '12pm-5pm ET', from: 12, to: 17 },
  { id: 'evening', label: 'evening', range: '5pm-10pm ET', from: 17, to: 22 },
  { id: 'night', label: 'late night', range: '10pm-5am ET', from: 22, to: 29 },
] as const;

export function daypartOf(date: Date) {
  const h = hourInZone(date);
  const hh = h < 5 ? h + 24 : h;
  return DAYPARTS.find((d) => hh >= d.from && hh < d.to)!;
}

/** Topics recognised in the user's own words; a message may touch several. */
export const TOPICS: { id: string; label: string; pattern: RegExp }[] = [
  { id: 'reminders', label: 'reminders and tasks', pattern: /\b(remind|reminder|todo|to-do|task|don'?t forget)\b/i },
  { id: 'weather', label: 'the weather', pattern: /\b(weather|forecast|rain|snow|temperature|sunny)\b/i },
  { id: 'events', label: 'events and going out', pattern: /\b(events?|concerts?|shows?|tickets?|festival|games?)\b/i },
  { id: 'work', label: 'work', pattern: /\b(work|meeting|client|boss|project|deadline|office|email)\b/i },
  { id: 'family', label: 'family and friends', pattern: /\b(mom|dad|mother|father|wife|husband|kids?|son|daughter|family|friends?|sister|brother)\b/i },
  { id: 'health', label: 'health and fitness', pattern: /\b(gym|workout|run|running|exercise|sleep|doctor|health|diet|walk)\b/i },
  { id: 'food', label: 'food and cooking', pattern: /\b(dinner|lunch|breakfast|recipe|cook|restaurant|food|eat)\b/i },
  { id: 'travel', label: 'travel', pattern: /\b(flight|trip|travel|hotel|vacation|airport|drive|commute)\b/i },
  { id: 'money', label: 'bills and money', pattern: /\b(bill|bills|pay|rent|budget|bank|invoice|money|mortgage)\b/i },
  { id: 'news', label: 'news and search', pattern: /\b(news|search|look up|latest)\b/i },
];

/** Below this many messages nothing is claimed at all. */
const MIN_MESSAGES = 3;

export interface Analysis {
  patterns: Pattern[];
  insights: PatternInsight[];
}

/** Patterns and insights from the user's own messages (any order); no data gives empty lists. */
export function analyse(messages: HistoryMessage[]): Analysis {
  const n = messages.length;
  if (n < MIN_MESSAGES) return { patterns: [], insights: [] };
  const patterns: Pattern[] = [];
  const insights: PatternInsight[] = [];

  // Temporal: the part of the day they chat most.
  const byDaypart = new Map<string, number>();
  for (const m of messages) byDaypart.set(daypartOf(m.createdAt).id, (byDaypart.get(daypartOf(m.createdAt).id) ?? 0) + 1);
  const [topPart, partHits] = [...byDaypart].sort((a, b) => b[1] - a[1])[0];
  const part = DAYPARTS.find((d) => d.id === topPart)!;
  const temporalConfidence = round2(wilsonLowerBound(partHits, n));
  patterns.push({
    id: `temporal:${part.id}`,
    type: 'temporal',
    description: `You chat most in the ${part.label} (${partHits} of your last ${n} messages).`,
    prediction: `You'll likely check in again in the ${part.label}.`,
    confidence: temporalConfidence,
  });
  insights.push({ type: 'timing_prediction', prediction: `Your next chat will probably be in the ${part.label}.`, timeframe: part.range, confidence: temporalConfidence });

  // Topical: what they ask about most (at least twice).
  const topicHits = TOPICS.map((t) => ({ topic: t, hits: messages.filter((m) => t.pattern.test(m.content)).length }))
    .filter((t) => t.hits >= 2)
    .sort((a, b) => b.hits - a.hits);
  for (const { topic, hits } of topicHits.slice(0, 3)) {
    patterns.push({
      id: `topical:${topic.id}`,
      type: 'topical',
      description: `You often talk about ${topic.label} (${hits} of ${n} messages).`,
      prediction: `You'll likely ask about ${topic.label} again.`,
      confidence: round2(wilsonLowerBound(hits, n)),
    });
  }
  if (topicHits[0]) {
    // The topic of the most recent messages, weighted by how often it comes up overall.
    const recent = [...messages].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, 10);
    const next = [...topicHits].sort((a, b) => recent.filter((m) => b.topic.pattern.test(m.content)).length - recent.filter((m) => a.topic.pattern.test(m.content)).length || b.hits - a.hits)[0];
    insights.push({ type: 'next_topic', prediction: `You'll probably bring up ${next.topic.label} next.`, confidence: round2(wilsonLowerBound(next.hits, n)) });
  }

  // Behavioural: weekdays versus weekends, claimed only when clearly above the 5/7 or 2/7 you'd expect by chance.
  const weekend = messages.filter((m) => ['Sat', 'Sun'].includes(weekdayFormat.format(m.createdAt))).length;
  const weekdayLow = wilsonLowerBound(n - weekend, n);
  const weekendLow = wilsonLowerBound(weekend, n);
  if (weekdayLow > 5 / 7 || weekendLow > 2 / 7) {
    const onWeekdays = weekdayLow > 5 / 7;
    const confidence = round2(onWeekdays ? weekdayLow : weekendLow);
    patterns.push({
      id: `behavioral:${onWeekdays ? 'weekdays' : 'weekends'}`,
      type: 'behavioral',
      description: onWeekdays ? 'You use Jarvis mostly on weekdays.' : 'You use Jarvis a lot on weekends.',
      prediction: onWeekdays ? 'Expect busier weekdays and quieter weekends.' : 'Weekends are when you plan and catch up.',
      confidence,
    });
    insights.push({ type: 'behavior_pattern', prediction: onWeekdays ? 'Your chats follow a work-week rhythm.' : 'You save planning for the weekend.', confidence });
  }

  // Preference: short or long messages, from the median length.
  const lengths = messages.map((m) => m.content.trim().split(/\s+/).length).sort((a, b) => a - b);
  const short = lengths.filter((l) => l <= 8).length;
  const shortLow = wilsonLowerBound(short, n);
  const longLow = wilsonLowerBound(n - short, n);
  if (shortLow > 0.5 || longLow > 0.5) {
    const prefersShort = shortLow > 0.5;
    const confidence = round2(prefersShort ? shortLow : longLow);
    patterns.push({
      id: `preference:${prefersShort ? 'brief' : 'detailed'}`,
      type: 'preference',
      description: prefersShort ? 'You write short, to-the-point requests.' : 'You write detailed messages.',
      prediction: prefersShort ? 'Brief answers will suit you best.' : 'Thorough answers will suit you best.',
      confidence,
    });
    if (prefersShort && topicHits[0]) {
      insights.push({
        type: 'preference_suggestion',
        prediction: `A quick-response shortcut could save you typing for ${topicHits[0].topic.label}.`,
        confidence: round2(Math.min(confidence, wilsonLowerBound(topicHits[0].hits, n))),
      });
    }
  }

  return {
    patterns: patterns.sort((a, b) => b.confidence - a.confidence),
    insights: insights.sort((a, b) => b.confidence - a.confidence),
  };
}
