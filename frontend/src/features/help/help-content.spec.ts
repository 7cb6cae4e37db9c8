import { describe, expect, it } from 'vitest';
import {
  HELP_FAQS,
  HELP_FEATURES,
  QUICK_START_STEPS,
  searchFaqs,
  searchFeatures,
  searchSummary,
} from './help-content';

describe('help content', () => {
  it('has 13 feature cards, 10 FAQ entries and a 3-step quick start', () => {
    expect(HELP_FEATURES).toHaveLength(13);
    expect(HELP_FAQS).toHaveLength(10);
    expect(QUICK_START_STEPS).toHaveLength(3);
  });

  it("says where connections live (Settings' tabs and the Account page), never an Integrations tab", () => {
    const connect = QUICK_START_STEPS[1].text;
    expect(connect).not.toMatch(/integrations/i);
    expect(connect).toContain('Account page');
    expect(connect).toContain('Settings → Calendar');
    expect(connect).toContain('Settings → Notifications');
    expect(HELP_FAQS.map((f) => f.answer).join(' ')).not.toMatch(/Integrations tab|then Integrations/i);
  });

  it('matches feature title, description and body case-insensitively', () => {
    expect(searchFeatures(HELP_FEATURES, 'DISCORD').map((f) => f.id)).toContain('discord');
    expect(searchFeatures(HELP_FEATURES, 'spotify').map((f) => f.id)).toEqual(['music']);
    expect(searchFeatures(HELP_FEATURES, 'zzzz')).toEqual([]);
    expect(searchFeatures(HELP_FEATURES, '   ')).toHaveLength(13);
  });

  it('matches FAQ question and answer', () => {
    expect(searchFaqs(HELP_FAQS, 'cancel').map((f) => f.id)).toContain('cancel');
    expect(searchFaqs(HELP_FAQS, 'encrypted').map((f) => f.id)).toEqual(['privacy']);
  });

  it('words the result line per tab', () => {
    expect(searchSummary('features', 2, ' voice ')).toBe('Found 2 feature(s) matching "voice"');
    expect(searchSummary('faq', 1, 'cancel')).toBe('Found 1 question(s) matching "cancel"');
  });
});
