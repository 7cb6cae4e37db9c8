import type { QuickResponseShortcut } from '@jarvis/contracts';
import type { ShortcutInput } from '../../api/shortcuts';

export interface ShortcutForm {
  name: string;
  triggerPhrases: string[];
  responseTemplate: string;
  isActive: boolean;
}

export const EMPTY_SHORTCUT_FORM: ShortcutForm = {
  name: '',
  triggerPhrases: [''],
  responseTemplate: '',
  isActive: true,
};

export function formOf(shortcut: QuickResponseShortcut): ShortcutForm {
  return {
    name: shortcut.name,
    triggerPhrases: shortcut.trigger_phrases.length ? [...shortcut.trigger_phrases] : [''],
    responseTemplate: shortcut.response_template,
    isActive: shortcut.is_active,
  };
}

/** Name and template are required (doc2 §5). */
export function shortcutFormErrors(form: ShortcutForm): { name?: string; responseTemplate?: string } {
  return {
    ...(form.name.trim() ? {} : { name: 'Name is required' }),
    ...(form.responseTemplate.trim() ? {} : { responseTemplate: 'Response template is required' }),
  };
}

/** The body to save: trigger phrases blank after trimming are dropped. */
export function toShortcutInput(form: ShortcutForm): ShortcutInput {
  return {
    name: form.name.trim(),
    trigger_phrases: form.triggerPhrases.map((p) => p.trim()).filter((p) => p.length > 0),
    response_template: form.responseTemplate.trim(),
    is_active: form.isActive,
  };
}

export function usageText(count: number): string {
  return `Used ${count} ${count === 1 ? 'time' : 'times'}`;
}
