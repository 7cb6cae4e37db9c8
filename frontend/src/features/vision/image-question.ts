import type { ChatMessage } from '@jarvis/contracts';
import { asList, callApi, isApiError } from '../../api/client';
import { quotaExceededOf, quotaMessage } from '../../api/quota';
import { api } from '../../api/routes';
import type { ToastFn } from '../../components/toast/toast-context';
import { localId } from '../../state/chat-message';
import { flashMood, getChatSession, updateChatSession, updateMessages } from '../../state/chat-session';
import {
  base64Bytes,
  IMAGE_ERRORS,
  IMAGE_MAX_BYTES,
  imageProblemFor,
  imageTypeOf,
  promptOrNone,
} from './image-checks';

/** The args of the image_analysis action a user's image message carries (doc1 §3). */
export interface ImageAnalysisArgs {
  imageData: string;
  prompt?: string;
  loading: boolean;
  requestId: string;
  error?: boolean;
  errorCode?: string;
  errorMessage?: string;
}

/**
 * The service keeps the question ('[Image] prompt') and the answer in the chat history. Taking their stored ids makes
 * the pair part of the conversation: sent as history with the next message, savable, and merged (not repeated) when
 * the stored messages are loaded. When they cannot be found the pair stays local.
 */
async function adoptStoredIds(questionId: string, answerId: string, answer: string) {
  let stored: ChatMessage[];
  try {
    stored = asList(await callApi(api.chat.messages));
  } catch {
    return;
  }
  let at = -1;
  for (let i = stored.length - 2; i >= 0 && at === -1; i--) {
    const [q, a] = [stored[i], stored[i + 1]];
    if (
      q.role === 'user' &&
      q.content.startsWith(IMAGE_MARK) &&
      a.role === 'assistant' &&
      a.content.trim() === answer
    )
      at = i;
  }
  if (at === -1) return;
  const known = new Set(getChatSession().messages.map((m) => m.id));
  if (known.has(stored[at].id) || known.has(stored[at + 1].id)) return;
  const ids: Record<string, string> = { [questionId]: stored[at].id, [answerId]: stored[at + 1].id };
  updateMessages((messages) =>
    messages.map((m) => (ids[m.id] ? { ...m, id: ids[m.id], localOnly: false } : m)),
  );
}

/** How the service stores the question of an image in the chat history. */
export const IMAGE_MARK = '[Image]';

function codeOf(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  const code = error.body?.code;
  if (typeof code === 'string' && code) return code;
  if (error.status === 401) return 'UNAUTHORIZED';
  return undefined;
}

/**
 * A question about an image (doc1 §4 Image analysis): a user message with the image shows 'Analyzing image...';
 * the answer is added as Jarvis's reply and read aloud; a failure marks the message with its code, its text reads
 * 'Image analysis failed: ...', and a toast gives doc1's title and message. False when nothing was sent.
 */
export async function askAboutImage(
  imageData: string,
  rawPrompt: string | undefined,
  toast: ToastFn,
  speak: (text: string) => void,
): Promise<boolean> {
  if (getChatSession().sending) return false;
  const prompt = promptOrNone(rawPrompt);
  const messageId = localId();
  const requestId = `img-${messageId}`;
  const args: ImageAnalysisArgs = { imageData, prompt, loading: true, requestId };
  const setArgs = (patch: Partial<ImageAnalysisArgs>, content?: string) =>
    updateMessages((messages) =>
      messages.map((m) =>
        m.id === messageId
          ? {
              ...m,
              ...(content !== undefined ? { content } : {}),
              actions: [{ type: 'image_analysis', args: { ...args, ...patch } }],
            }
          : m,
      ),
    );
  updateChatSession((s) => ({
    sending: true,
    messages: [
      ...s.messages,
      {
        id: messageId,
        role: 'user',
        content: prompt ?? '',
        created_at: new Date().toISOString(),
        localOnly: true,
        actions: [{ type: 'image_analysis', args: { ...args } }],
      },
    ],
  }));

  const fail = (code: string | undefined, serverText: string | undefined) => {
    const problem = imageProblemFor(code, serverText);
    setArgs(
      { loading: false, error: true, errorCode: code ?? 'UNKNOWN', errorMessage: problem.description },
      `Image analysis failed: ${problem.description}`,
    );
    updateChatSession({ sending: false });
    flashMood('error');
    toast({ title: problem.title, description: problem.description, variant: 'destructive' });
  };

  // The same checks the service makes, so a big image fails at once instead of after the upload.
  if (base64Bytes(imageData) >= IMAGE_MAX_BYTES) {
    fail('IMAGE_TOO_LARGE', IMAGE_ERRORS.IMAGE_TOO_LARGE.description);
    return true;
  }
  try {
    const res = await callApi(api.voice.analyzeImage, {
      imageData,
      prompt,
      imageType: imageTypeOf(imageData),
      requestId,
    });
    const text = res.analysisText?.trim();
    if (!text) {
      fail('ANALYSIS_FAILED', undefined);
      return true;
    }
    setArgs({ loading: false });
    const answerId = localId();
    updateChatSession((s) => ({
      sending: false,
      messages: [
        ...s.messages,
        {
          id: answerId,
          role: 'assistant',
          content: text,
          created_at: new Date().toISOString(),
          localOnly: true,
        },
      ],
    }));
    flashMood('responding');
    speak(text);
    await adoptStoredIds(messageId, answerId, text);
  } catch (error) {
    const quota = quotaExceededOf(error);
    fail(codeOf(error), quota ? quotaMessage(quota) : isApiError(error) ? error.serverMessage : undefined);
  }
  return true;
}
