import type { TwinProfile } from './entities/twin.entity';

export interface StyleMeasures {
  sentences: number;
  wordsPerSentence: number;
  exclamationsPerSentence: number;
  questionsPerSentence: number;
  emojiPerSample: number;
  contractionsPerSentence: number;
  formalMarkers: number;
  casualMarkers: number;
  lowercaseStarts: number;
}

/** A sentence ends at . ! ? (not after a title or common abbreviation) or a line break. */
const SENTENCE_END = /(?<!\b(?:Mr|Mrs|Ms|Dr|Prof|St|Jr|Sr|vs|etc|e\.g|i\.e)\.)(?<=[.!?])\s+|\n+/;
const EMOJI = /\p{Extended_Pictographic}/gu;
const CONTRACTION = /\b\w+'(?:s|re|ve|ll|d|m|t)\b/gi;
const FORMAL = /\b(?:regards|sincerely|dear|furthermore|therefore|kindly|please find|accordingly|however|would you|could you)\b/gi;
const CASUAL = /\b(?:lol|haha|hey|gonna|wanna|yeah|yep|nope|cool|awesome|btw|omg|thx|pls|u|ya)\b/gi;

function count(text: string, pattern: RegExp) {
  return (text.match(pattern) ?? []).length;
}

/** Measurable features of the samples; the offline twin profile is built only from these. */
export function measureStyle(samples: string[]): StyleMeasures {
  const sentences = samples.flatMap((s) => s.split(SENTENCE_END)).map((s) => s.trim()).filter((s) => /\w/.test(s));
  const n = Math.max(sentences.length, 1);
  const words = sentences.reduce((sum, s) => sum + s.split(/\s+/).filter(Boolean).length, 0);
  const all = samples.join('\n');
  return {
    sentences: sentences.length,
    wordsPerSentence: words / n,
    exclamationsPerSentence: count(all, /!/g) / n,
    questionsPerSentence: count(all, /\?/g) / n,
    emojiPerSample: count(all, EMOJI) / Math.max(samples.length, 1),
    contractionsPerSentence: count(all, CONTRACTION) / n,
    formalMarkers: count(all, FORMAL),
    casualMarkers: count(all, CASUAL),
    lowercaseStarts: sentences.filter((s) => /^[a-z]/.test(s)).length / n,
  };
}

/** A voice profile from the measures alone: every adjective and clause is backed by a number above. */
export function describeStyle(m: StyleMeasures): TwinProfile {
  const adjectives: string[] = [];
  const clauses: string[] = [];
  const avg = Math.round(m.wordsPerSentence);
  if (m.wordsPerSentence <= 10) {
    adjectives.push('concise');
    clauses.push(`short sentences (about ${avg} words)`);
  } else if (m.wordsPerSentence >= 20) {
    adjectives.push('detailed');
    clauses.push(`long, detailed sentences (about ${avg} words)`);
  } else {
    adjectives.push('balanced');
    clauses.push(`medium-length sentences (about ${avg} words)`);
  }
  const casualScore = m.casualMarkers + m.contractionsPerSentence * m.sentences * 0.5 + m.lowercaseStarts * m.sentences;
  if (m.formalMarkers > casualScore) {
    adjectives.push('formal');
    clauses.push('a formal register');
  } else if (casualScore > m.formalMarkers + 1) {
    adjectives.push('casual');
    clauses.push(m.contractionsPerSentence >= 0.3 ? 'a casual tone with contractions' : 'a casual tone');
  } else {
    adjectives.push('polite');
    clauses.push('a neutral, polite tone');
  }
  if (m.exclamationsPerSentence >= 0.3) {
    adjectives.push('enthusiastic');
    clauses.push('frequent exclamation marks');
  }
  if (m.emojiPerSample >= 0.5) {
    adjectives.push('expressive');
    clauses.push('emoji');
  }
  if (m.questionsPerSentence >= 0.3) {
    adjectives.push('inquisitive');
    clauses.push('plenty of questions');
  }
  if (m.exclamationsPerSentence < 0.1 && m.emojiPerSample < 0.2) adjectives.push('calm');
  const last = clauses.pop();
  const list = clauses.length ? `${clauses.join(', ')} and ${last}` : last;
  return { voice_summary: `Writes in ${list}.`, tone_adjectives: adjectives };
}
