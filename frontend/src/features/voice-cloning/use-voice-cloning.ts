import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../api/client';
import { queryKeyOf } from '../../api/query-keys';
import { api } from '../../api/routes';
import {
  cloneVoice,
  type CloneVoiceResult,
  type VoiceCloningStatus,
  type VoiceSampleUpload,
} from '../../api/voice';

const statusKey = queryKeyOf(api.voice.voiceStatus);

/** How often the status is asked again while a clone is processing (doc2: it usually takes 1-2 minutes). */
export const VOICE_STATUS_POLL_MS = 3_000;

/** GET /api/voice-cloning/status, polled while the clone is processing. Null for a visitor (401). */
export function useVoiceCloningStatus({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<VoiceCloningStatus | null>({
    queryKey: statusKey,
    enabled,
    refetchInterval: (query) =>
      query.state.data?.voiceCloningStatus === 'processing' ? VOICE_STATUS_POLL_MS : false,
  });
}

interface Callbacks<T> {
  onSuccess?: (result: T) => void;
  onError?: (error: unknown) => void;
}

function patchStatus(queryClient: ReturnType<typeof useQueryClient>, patch: Partial<VoiceCloningStatus>) {
  queryClient.setQueryData<VoiceCloningStatus | null>(statusKey, (status) =>
    status ? { ...status, ...patch } : status,
  );
}

/** POST /api/voice-cloning/toggle ('Use my voice'): the answer goes into the status, which is then refetched. */
export function useToggleVoiceCloning({ onSuccess, onError }: Callbacks<{ enabled: boolean }> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => callApi(api.voice.toggleVoiceCloning, { enabled }),
    retry: false,
    onSuccess: (result, enabled) => {
      patchStatus(queryClient, { voiceCloningEnabled: result?.enabled ?? enabled });
      onSuccess?.(result);
    },
    onError: (error) => onError?.(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: statusKey }),
  });
}

/**
 * POST /api/voice-cloning/clone with 3 to 5 samples. The status shows 'processing' at once (which starts the
 * polling) and is then refetched.
 */
export function useCloneVoice({ onSuccess, onError }: Callbacks<CloneVoiceResult> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (samples: readonly VoiceSampleUpload[]) => cloneVoice(samples),
    retry: false,
    onSuccess: (result) => {
      patchStatus(queryClient, { voiceCloningStatus: result?.status ?? 'processing' });
      onSuccess?.(result);
    },
    onError: (error) => onError?.(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: statusKey }),
  });
}
