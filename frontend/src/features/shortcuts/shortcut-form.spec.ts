import { describe, expect, it } from 'vitest';
import { shortcutFormErrors, toShortcutInput, usageText } from './shortcut-form';

describe('shortcut form', () => {
  it('drops trigger phrases that are blank after trimming', () => {
    expect(
      toShortcutInput({
        name: ' Hours ',
        triggerPhrases: [' opening hours ', '   ', ''],
        responseTemplate: ' 9 to 5 ',
        isActive: false,
      }),
    ).toEqual({
      name: 'Hours',
      trigger_phrases: ['opening hours'],
      response_template: '9 to 5',
      is_active: false,
    });
  });

  it('requires a name and a template', () => {
    expect(
      shortcutFormErrors({ name: ' ', triggerPhrases: [''], responseTemplate: '', isActive: true }),
    ).toEqual({
      name: 'Name is required',
      responseTemplate: 'Response template is required',
    });
    expect(
      shortcutFormErrors({ name: 'a', triggerPhrases: [''], responseTemplate: 'b', isActive: true }),
    ).toEqual({});
  });

  it('reads Used N times', () => {
    expect(usageText(0)).toBe('Used 0 times');
    expect(usageText(1)).toBe('Used 1 time');
  });
});
