/** The source language that lets the translation find out what was spoken (doc1 §3: the default). */
export const AUTO_DETECT = 'Auto-detect';

export const LANGUAGES = [
  'English',
  'Spanish',
  'French',
  'German',
  'Italian',
  'Portuguese',
  'Dutch',
  'Polish',
  'Russian',
  'Ukrainian',
  'Turkish',
  'Arabic',
  'Hebrew',
  'Hindi',
  'Chinese',
  'Japanese',
  'Korean',
  'Vietnamese',
  'Thai',
  'Greek',
];

/** The choices of a language menu; a language the reply named that is not in the list is kept as a choice. */
export function languageChoices(current: string, withAutoDetect: boolean): string[] {
  const list = withAutoDetect ? [AUTO_DETECT, ...LANGUAGES] : [...LANGUAGES];
  return current && !list.includes(current) ? [current, ...list] : list;
}
