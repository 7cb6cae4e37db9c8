import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/** Why the install callback bound no server (`?discordError=` from GET /api/discord/callback). */
export type DiscordInstallError = 'state' | 'denied' | 'failed' | 'unavailable';
export type DiscordInstallResult = { ok: true } | { ok: false; reason: DiscordInstallError };

const REASONS = new Set<string>(['state', 'denied', 'failed', 'unavailable']);

/**
 * Back from Discord: `?discord=connected` or `?discordError=<reason>` is read once and taken out of the address, so
 * a reload does not announce it again.
 */
export function useDiscordInstallResult(): DiscordInstallResult | null {
  const [params, setParams] = useSearchParams();
  const [result] = useState<DiscordInstallResult | null>(() => {
    const error = params.get('discordError');
    if (error !== null)
      return { ok: false, reason: REASONS.has(error) ? (error as DiscordInstallError) : 'failed' };
    return params.get('discord') === 'connected' ? { ok: true } : null;
  });
  useEffect(() => {
    if (!params.has('discord') && !params.has('discordError')) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('discord');
        next.delete('discordError');
        return next;
      },
      { replace: true },
    );
  }, [params, setParams]);
  return result;
}
