import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { useToast } from '../../components/toast/toast-context';
import { ImageButtons, readImageForQuestion } from '../vision/ImageButtons';
import { TalkButton, VoiceModeToggles } from '../voice/VoiceControls';

/** A question about an image goes into the chat (its code loads with the first one) and the answer is read aloud. */
function askAboutImage(imageData: string, prompt: string, toast: ReturnType<typeof useToast>['toast']) {
  const speak = (answer: string) =>
    void import('../voice/speech-playback').then((m) => m.speakText(answer, 'chat')).catch(() => undefined);
  void import('../vision/image-question').then((m) => m.askAboutImage(imageData, prompt, toast, speak));
}

/**
 * The chat input's image, camera and voice controls, with pasting an image into the text box. The buttons are part
 * of the first paint and act on the first press; what a press does (recorder, recognition, camera, image checks)
 * loads with it. Spoken words are sent like typed ones; the typed text is the prompt of an image.
 */
export function VoiceBar({
  sending,
  text,
  setText,
  onSend,
  inputRef,
}: {
  sending: boolean;
  text: string;
  setText: (change: (current: string) => string) => void;
  onSend: (text: string) => Promise<boolean>;
  inputRef: RefObject<HTMLTextAreaElement | null>;
}) {
  const { toast } = useToast();
  const latest = useRef({ toast, text });
  useEffect(() => {
    latest.current = { toast, text };
  }, [toast, text]);

  const takePrompt = useCallback(() => {
    const prompt = latest.current.text.trim();
    setText(() => '');
    return prompt;
  }, [setText]);

  // Spoken words are sent like typed ones (behind a reply on its way); words that could not be sent go in the box.
  const onSpoken = useCallback(
    (spoken: string) => {
      void onSend(spoken).then((sent) => {
        if (!sent) setText((current) => (current.trim() ? `${current} ${spoken}` : spoken));
      });
    },
    [onSend, setText],
  );

  const onImage = useCallback(
    (imageData: string, prompt: string) => askAboutImage(imageData, prompt, latest.current.toast),
    [],
  );

  // An image pasted into the text box is a question about it.
  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    const onPaste = (event: ClipboardEvent) => {
      const file = Array.from(event.clipboardData?.files ?? []).find((f) => f.type.startsWith('image/'));
      if (!file) return;
      event.preventDefault();
      void readImageForQuestion(file, latest.current.toast).then((imageData) => {
        if (imageData) onImage(imageData, takePrompt());
      });
    };
    input.addEventListener('paste', onPaste);
    return () => input.removeEventListener('paste', onPaste);
  }, [inputRef, onImage, takePrompt]);

  return (
    <>
      <ImageButtons
        disabled={sending}
        takePrompt={takePrompt}
        onImage={onImage}
      />
      <TalkButton onText={onSpoken} />
      <VoiceModeToggles onCommand={onSpoken} />
    </>
  );
}

export { VoiceStatusLine } from '../voice/VoiceControls';
