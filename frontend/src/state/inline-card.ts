import type { EventResult } from '../api/events';
import type { ForecastResult, WeatherResult } from '../api/weather';

/** A card shown under an assistant message: an action's result, or a local draft or tool card. */
export type InlineCard = { id: string } & (
  | { kind: 'weather'; weather: WeatherResult }
  | { kind: 'forecast'; forecast: ForecastResult }
  | { kind: 'events'; title: string; events: EventResult[] }
  | { kind: 'web_search'; query: string; text: string; citations: string[] }
  | { kind: 'list'; title: string; items: { primary: string; secondary?: string }[] }
  | { kind: 'sms_draft'; message: string; context: string }
  | { kind: 'email_draft'; subject: string; message: string; context: string }
  | { kind: 'interpreter'; fromLanguage: string; toLanguage: string; mode: string }
  | { kind: 'music'; context: string }
  | { kind: 'image_question'; prompt: string }
);

export type InlineCardInput = InlineCard extends infer C
  ? C extends { id: string }
    ? Omit<C, 'id'>
    : never
  : never;

/** The email draft collapses to three lines, with Show more / Show less, over 100 characters (doc1 §9). */
export const EMAIL_DRAFT_COLLAPSE_CHARS = 100;

export function emailDraftCollapses(message: string): boolean {
  return message.length > EMAIL_DRAFT_COLLAPSE_CHARS;
}

/** Web-search result toasts show at most 150 characters, for 8 seconds (doc1 §9). */
export const SEARCH_TOAST_CHARS = 150;
export const SEARCH_TOAST_MS = 8_000;
/** The generic web-search toast (the search answered no text) lasts 5 seconds (doc1 §9). */
export const SEARCH_GENERIC_TOAST_MS = 5_000;

export function capText(text: string, max: number): string {
  const clean = text.trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).trimEnd()}…`;
}

/** Phone summaries list up to 3 messages with a 50-character transcript preview (doc1 §9). */
export const PHONE_SUMMARY_COUNT = 3;
export const PHONE_PREVIEW_CHARS = 50;

/** Spoken event summaries list up to 3 events (doc1 §9); the events card shows as many, the rest behind 'Show all'. */
export const EVENT_SUMMARY_COUNT = 3;

/** 'a', 'a and b', 'a, b and c'. */
export function spokenList(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
