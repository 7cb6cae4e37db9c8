/** What a quick-response shortcut is saved with (POST /api/shortcuts, PUT /api/shortcuts/:id). */
export interface ShortcutInput {
  name: string;
  trigger_phrases: string[];
  response_template: string;
  is_active: boolean;
}
