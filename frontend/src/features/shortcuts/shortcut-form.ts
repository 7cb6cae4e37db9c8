import { api as contracts, type QuickResponseShortcut } from '@jarvis/contracts';
import { contractFormErrors, defineContractForm, type FormErrors } from '../../forms/contract-form';

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

/** The body to save: trigger phrases blank after trimming are dropped. */
export function toShortcutInput(form: ShortcutForm) {
  return {
    name: form.name.trim(),
    trigger_phrases: form.triggerPhrases.map((p) => p.trim()).filter((p) => p.length > 0),
    response_template: form.responseTemplate.trim(),
    is_active: form.isActive,
  };
}

/** Checked in the browser by the contract's rules: name and template are required (doc2 §5). */
export const shortcutForm = defineContractForm({
  schema: contracts.chat.createShortcut.request,
  toInput: toShortcutInput,
  fields: { response_template: 'responseTemplate', trigger_phrases: 'triggerPhrases', is_active: 'isActive' },
});

export function shortcutFormErrors(form: ShortcutForm): FormErrors<ShortcutForm> {
  return contractFormErrors(shortcutForm, form);
}

export function usageText(count: number): string {
  return `Used ${count} ${count === 1 ? 'time' : 'times'}`;
}
