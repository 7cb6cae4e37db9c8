import { describe, expect, it } from 'vitest';
import { ONBOARDING_STEPS, placeCard } from './onboarding-steps';

const viewport = { width: 1280, height: 800 };
const card = { width: 360, height: 280 };

describe('onboarding steps', () => {
  it('has the eight steps in order', () => {
    expect(ONBOARDING_STEPS.map((s) => s.id)).toEqual([
      'welcome',
      'chat',
      'voice',
      'sidebar',
      'personality',
      'reminders',
      'phone',
      'complete',
    ]);
  });

  it('centres the first and last steps (no target)', () => {
    expect(ONBOARDING_STEPS[0].target).toBeUndefined();
    expect(ONBOARDING_STEPS[7].target).toBeUndefined();
  });
});

describe('placeCard', () => {
  it('puts the card on the preferred side when it fits', () => {
    const pos = placeCard({ top: 100, left: 10, width: 300, height: 40 }, card, viewport, 'right');
    expect(pos.left).toBe(10 + 300 + 16);
    expect(pos.top).toBeGreaterThanOrEqual(12);
  });

  it('falls back to another side when the preferred one does not fit', () => {
    const pos = placeCard({ top: 100, left: 1000, width: 260, height: 40 }, card, viewport, 'right');
    expect(pos.left + card.width).toBeLessThanOrEqual(viewport.width);
    expect(pos.top).toBe(100 + 40 + 16);
  });

  it('keeps the card inside a small viewport when nothing fits', () => {
    const small = { width: 375, height: 812 };
    const pos = placeCard(
      { top: 0, left: 0, width: 375, height: 812 },
      { width: 351, height: 300 },
      small,
      'left',
    );
    expect(pos.left).toBeGreaterThanOrEqual(12);
    expect(pos.left + 351).toBeLessThanOrEqual(375);
    expect(pos.top + 300).toBeLessThanOrEqual(812);
  });
});
