/**
 * The push services a browser's subscription may point at. A subscription's endpoint is a URL the browser (so anyone
 * with an account) chooses, and every notification is an HTTP request from this server to it: only the browsers'
 * own push services are accepted, plus the hosts the operator adds in WEB_PUSH_ALLOWED_HOSTS.
 */
export const KNOWN_PUSH_SERVICES = [
  'fcm.googleapis.com', // Chrome, Edge on Android, Opera, Samsung Internet (Firebase Cloud Messaging)
  '*.push.services.mozilla.com', // Firefox (Mozilla autopush)
  '*.notify.windows.com', // Edge on Windows (Windows Push Notification Services)
  '*.push.apple.com', // Safari (Apple Push Notification service)
] as const;

/** `host` matches a pattern: the exact name, or any subdomain of `*.domain` (not the bare domain). */
function matches(host: string, pattern: string): boolean {
  const p = pattern.trim().toLowerCase().replace(/\.$/, '');
  if (!p) return false;
  if (p.startsWith('*.')) return host.endsWith(p.slice(1)) && host.length > p.length - 1;
  return host === p;
}

/** The host of an endpoint the allow-list accepts (https only), or null. */
export function allowedPushHost(endpoint: string, extraHosts: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return null;
  const host = url.hostname.toLowerCase().replace(/\.$/, '').replace(/^\[|\]$/g, '');
  return [...KNOWN_PUSH_SERVICES, ...extraHosts].some((pattern) => matches(host, pattern)) ? host : null;
}
