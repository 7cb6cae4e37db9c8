import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountExportState, AccountImportReply } from '@jarvis/contracts';
import { apiRequestReading, callApi, readJson } from '../../api/client';
import { queryKeyOf } from '../../api/query-keys';
import { api } from '../../api/routes';

const latestExportKey = queryKeyOf(api.account.latestExport);
const RUNNING = new Set(['queued', 'running']);

/**
 * GET /api/account/export: the user's latest export. `export` live events refresh it as it moves; while it runs it is
 * also polled, in case the live stream is down.
 */
export function useLatestExport() {
  return useQuery<AccountExportState | null>({
    queryKey: latestExportKey,
    refetchOnMount: 'always',
    refetchInterval: (query) => (query.state.data && RUNNING.has(query.state.data.status) ? 2_000 : false),
  });
}

/**
 * After the download link was followed: it works once, so the state is read again for the next one. The server also
 * says so on the live stream once the download started; this covers a browser whose stream is down.
 */
export function useRefreshAfterDownload() {
  const queryClient = useQueryClient();
  return () => {
    setTimeout(() => void queryClient.invalidateQueries({ queryKey: latestExportKey }), 2_000);
  };
}

/** POST /api/account/export: starts an export (409 while one runs). */
export function useStartExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(api.account.startExport),
    onSettled: () => queryClient.invalidateQueries({ queryKey: latestExportKey }),
  });
}

/** POST /api/account/import with the chosen ZIP. A refused archive throws an ApiError whose body lists `problems`. */
export function useImportArchive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('archive', file, file.name);
      const { method, path } = api.account.importArchive;
      return apiRequestReading(method, path, form, {}, (res) => readJson<AccountImportReply>(res));
    },
    // The imported data is everywhere: every screen reads it again.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** DELETE /api/account: confirmed by the password, or the typed username for an account without one. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (confirmation: { password?: string; username?: string }) => callApi(api.account.deleteAccount, confirmation),
    retry: false,
  });
}

/** The problems a refused archive came back with (400 ARCHIVE_INVALID), or none. */
export function archiveProblemsOf(error: unknown): string[] {
  const body = (error as { body?: { problems?: unknown } } | null)?.body;
  return Array.isArray(body?.problems) ? body.problems.filter((p): p is string => typeof p === 'string') : [];
}

/**
 * How far the import being sent has got (0-100), from the `import` live events, while `active`: a stream of its own,
 * opened only for the import (the app's stream refreshes lists, it hands no event on). Null until the first event.
 */
export function useImportProgress(active: boolean): number | null {
  const [progress, setProgress] = useState<number | null>(null);
  useEffect(() => {
    if (!active || typeof EventSource === 'undefined') return;
    const source = new EventSource(api.identity.live.path, { withCredentials: true });
    source.addEventListener('import', (event) => {
      try {
        const data = JSON.parse((event as MessageEvent<string>).data) as { progress?: unknown };
        if (typeof data.progress === 'number') setProgress(Math.max(0, Math.min(100, data.progress)));
      } catch {
        /* an event without a body says nothing of the progress */
      }
    });
    return () => {
      source.close();
      setProgress(null);
    };
  }, [active]);
  return active ? progress : null;
}
