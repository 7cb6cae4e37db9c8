import { describe, expect, it } from 'vitest';
import type { ChatAction } from '@jarvis/contracts';
import { actionLabel, actionStatus, canRun, hasOpenActions, withOutcome } from './action-state';

const action = (executed?: boolean): ChatAction => ({
  type: 'get_weather',
  args: { location: 'Paris' },
  executed,
});

describe('action state machine', () => {
  it('reads unset as pending, true as executed, false as failed', () => {
    expect(actionStatus(action())).toBe('pending');
    expect(actionStatus(action(true))).toBe('executed');
    expect(actionStatus(action(false))).toBe('failed');
  });

  it('runs pending and failed actions, never executed ones, and none while any runs', () => {
    expect(canRun(action(), false)).toBe(true);
    expect(canRun(action(false), false)).toBe(true);
    expect(canRun(action(true), false)).toBe(false);
    expect(canRun(action(), true)).toBe(false);
    expect(canRun(action(false), true)).toBe(false);
  });

  it('marks success as executed and an error as executed=false, touching only that action', () => {
    const list = [action(), action()];
    expect(withOutcome(list, 1, true).map(actionStatus)).toEqual(['pending', 'executed']);
    expect(withOutcome(list, 0, false).map(actionStatus)).toEqual(['failed', 'pending']);
    // Retrying a failed one can still succeed.
    expect(withOutcome(withOutcome(list, 0, false), 0, true).map(actionStatus)).toEqual([
      'executed',
      'pending',
    ]);
  });

  it('shows the hint while any action is not executed', () => {
    expect(hasOpenActions([action(true), action()])).toBe(true);
    expect(hasOpenActions([action(true), action(false)])).toBe(true);
    expect(hasOpenActions([action(true), action(true)])).toBe(false);
    expect(hasOpenActions(undefined)).toBe(false);
  });

  it('labels buttons from their args', () => {
    expect(actionLabel({ type: 'create_reminder', args: { title: 'call mom' } })).toBe(
      'Create Reminder: call mom',
    );
    expect(actionLabel({ type: 'get_forecast', args: { location: 'Boston', days: 3 } })).toBe(
      'Get Forecast for Boston',
    );
    expect(actionLabel({ type: 'search_web', args: {} })).toBe('Search the Web');
  });
});
