import { defineActions, str } from '../chat-kit/action-kit';

/**
 * image_analysis offered in a reply (an image question): a card under the reply with the upload and the camera, its
 * prompt taken from the reply. The question itself then runs as one from the chat input.
 */
export const actions = defineActions({
  image_analysis: (args) => ({
    ok: true,
    card: { kind: 'image_question', prompt: str(args.prompt) },
  }),
});
