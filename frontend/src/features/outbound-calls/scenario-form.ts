import { api as contracts, type CallScenario } from '@jarvis/contracts';
import type { ScenarioInput } from '../../api/outbound-calls';
import { contractFormErrors, defineContractForm, type FormErrors } from '../../forms/contract-form';
import {
  DEFAULT_CRON,
  looksLikeCron,
  SCENARIO_TEMPLATES,
  SCENARIO_TIMEZONE,
  type ScenarioType,
} from './scenario-templates';

/** The Create / Edit Scenario dialog's values, named as the request names them. */
export interface ScenarioForm {
  name: string;
  description: string;
  scenario_type: ScenarioType;
  message_template: string;
  target_phone_number: string;
  schedule_enabled: boolean;
  schedule_cron: string;
}

/** The fields that show a message under them. */
export const SCENARIO_FIELDS = ['name', 'message_template', 'target_phone_number', 'schedule_cron'] as const;

export function scenarioFormOf(scenario: CallScenario | null): ScenarioForm {
  if (!scenario)
    return {
      name: SCENARIO_TEMPLATES.good_morning.name,
      description: '',
      scenario_type: 'good_morning',
      message_template: SCENARIO_TEMPLATES.good_morning.template,
      target_phone_number: '',
      schedule_enabled: false,
      schedule_cron: DEFAULT_CRON,
    };
  return {
    name: scenario.name,
    description: scenario.description ?? '',
    scenario_type: scenario.scenario_type,
    message_template: scenario.message_template,
    target_phone_number: scenario.target_phone_number,
    schedule_enabled: scenario.schedule_enabled,
    schedule_cron: scenario.schedule_cron || DEFAULT_CRON,
  };
}

/** The number as the server takes it: spaces, dots, dashes and brackets dropped. */
function cleanNumber(text: string): string {
  return text.replace(/[\s().-]/g, '');
}

/** The body to save: texts trimmed, the cron only when scheduling (the default when left blank), New York time. */
export function toScenarioInput(form: ScenarioForm): ScenarioInput {
  return {
    name: form.name.trim(),
    description: form.description.trim() || null,
    scenario_type: form.scenario_type,
    message_template: form.message_template.trim(),
    target_phone_number: cleanNumber(form.target_phone_number),
    schedule_enabled: form.schedule_enabled,
    schedule_cron: form.schedule_enabled ? form.schedule_cron.trim() || DEFAULT_CRON : null,
    schedule_timezone: SCENARIO_TIMEZONE,
    is_active: true,
  };
}

/**
 * Checked in the browser by telephony.createScenario's own rules (name and template required, the number in E.164,
 * the lengths); the dialog's own words for a missing number and a cron that is not five fields. How often a schedule
 * may run (at least 15 minutes apart) is the server's to say, under the cron.
 */
export const scenarioForm = defineContractForm({
  schema: contracts.telephony.createScenario.request,
  toInput: toScenarioInput,
  refine: (form: ScenarioForm) => ({
    target_phone_number: cleanNumber(form.target_phone_number)
      ? undefined
      : 'Target phone number is required',
    schedule_cron:
      form.schedule_enabled && form.schedule_cron.trim() && !looksLikeCron(form.schedule_cron)
        ? 'Invalid cron expression'
        : undefined,
  }),
});

export function scenarioFormErrors(form: ScenarioForm): FormErrors<ScenarioForm> {
  return contractFormErrors(scenarioForm, form);
}

/**
 * The values after choosing another template: its name and message replace the current ones unless the user changed
 * them from the previous template's.
 */
export function withTemplate(form: ScenarioForm, type: ScenarioType): ScenarioForm {
  const previous = SCENARIO_TEMPLATES[form.scenario_type];
  const next = SCENARIO_TEMPLATES[type];
  const untouchedTemplate = !form.message_template.trim() || form.message_template === previous.template;
  const untouchedName = !form.name.trim() || form.name === previous.name;
  return {
    ...form,
    scenario_type: type,
    message_template: untouchedTemplate ? next.template : form.message_template,
    name: untouchedName ? next.name : form.name,
  };
}

/** The template with `{{variable}}` added at its end, a space before it unless there is one. */
export function withVariable(template: string, variable: string): string {
  return `${template}${template.endsWith(' ') || !template ? '' : ' '}{{${variable}}}`;
}
