import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { serverFormErrors } from '../../forms/contract-form';
import {
  SCENARIO_FIELDS,
  scenarioForm,
  scenarioFormErrors,
  scenarioFormOf,
  toScenarioInput,
  withTemplate,
  withVariable,
} from './scenario-form';
import { SCENARIO_TEMPLATES } from './scenario-templates';

const filled = { ...scenarioFormOf(null), target_phone_number: '+1 (555) 123-4567' };

describe('the scenario form (doc3 §5), checked by telephony.createScenario', () => {
  it('asks for a name, a template and a number in international format', () => {
    expect(scenarioFormErrors(filled)).toEqual({});
    expect(
      scenarioFormErrors({ ...filled, name: ' ', message_template: '', target_phone_number: '' }),
    ).toEqual({
      name: 'Name is required',
      message_template: 'Message template is required',
      target_phone_number: 'Target phone number is required',
    });
    expect(scenarioFormErrors({ ...filled, target_phone_number: '5551234567' })).toEqual({
      target_phone_number: 'Use international format with country code, e.g. +1234567890',
    });
  });

  it('checks the cron only when scheduling, and the contract bounds the rest', () => {
    expect(scenarioFormErrors({ ...filled, schedule_cron: 'every morning' })).toEqual({});
    expect(scenarioFormErrors({ ...filled, schedule_enabled: true, schedule_cron: 'every morning' })).toEqual(
      {
        schedule_cron: 'Invalid cron expression',
      },
    );
    expect(scenarioFormErrors({ ...filled, description: 'x'.repeat(2_001) })).toHaveProperty('description');
  });

  it('sends the number cleaned, the cron only when scheduling, in New York time', () => {
    expect(toScenarioInput(filled)).toEqual({
      name: 'Good morning call',
      description: null,
      scenario_type: 'good_morning',
      message_template: SCENARIO_TEMPLATES.good_morning.template,
      target_phone_number: '+15551234567',
      schedule_enabled: false,
      schedule_cron: null,
      schedule_timezone: 'America/New_York',
      is_active: true,
    });
    expect(toScenarioInput({ ...filled, schedule_enabled: true, schedule_cron: ' ' }).schedule_cron).toBe(
      '0 8 * * *',
    );
  });

  it("puts the server's field messages under the fields", () => {
    const error = new ApiError(400, '400', {
      error: 'Schedules must be at least 15 minutes apart',
      code: 'VALIDATION',
      fields: { schedule_cron: ['Schedules must be at least 15 minutes apart'], is_active: ['x'] },
    });
    expect(serverFormErrors(scenarioForm, error, SCENARIO_FIELDS)).toEqual({
      schedule_cron: 'Schedules must be at least 15 minutes apart',
    });
  });

  it('keeps a name and message the user changed when another template is chosen, and adds variables with a space', () => {
    expect(withTemplate(filled, 'check_in')).toMatchObject({
      scenario_type: 'check_in',
      name: SCENARIO_TEMPLATES.check_in.name,
      message_template: SCENARIO_TEMPLATES.check_in.template,
    });
    expect(withTemplate({ ...filled, name: 'Mine', message_template: 'Hello' }, 'check_in')).toMatchObject({
      name: 'Mine',
      message_template: 'Hello',
    });
    expect(withVariable('Hello', 'firstName')).toBe('Hello {{firstName}}');
    expect(withVariable('', 'date')).toBe('{{date}}');
  });
});
