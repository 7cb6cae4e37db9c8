import type { FastifyInstance } from 'fastify';
import type { GatewayConfig } from '../config/gateway.config';

/** Where the browser looks up a place name from a position (frontend/src/features/location/reverse-geocode.ts). */
const DEFAULT_REVERSE_GEOCODE_URL = 'https://api.bigdatacloud.net/data/reverse-geocode-client';
const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * The app's Content-Security-Policy: its own scripts only (no inline script, no eval), nothing may frame it, no
 * plugins, no <base> elsewhere, forms post only to us. Beyond 'self' the app needs: inline styles (MUI/emotion inject
 * <style> elements), data: and blob: for images (camera snapshots, uploaded pictures) and audio (speech replies,
 * recorded samples), https: images (Google profile pictures, and a mail's remote images once the user asks for them:
 * the sandboxed mail frame inherits this policy), and the reverse geocoder the browser asks for a place name.
 */
export function contentSecurityPolicy(config: Pick<GatewayConfig, 'VITE_REVERSE_GEOCODE_URL'>): string {
  const geocoder = new URL(config.VITE_REVERSE_GEOCODE_URL ?? DEFAULT_REVERSE_GEOCODE_URL).origin;
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${geocoder}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/** The headers every answer carries; HSTS only when users reach us over https. */
export function securityHeaders(config: Pick<GatewayConfig, 'PUBLIC_URL' | 'VITE_REVERSE_GEOCODE_URL'>): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Security-Policy': contentSecurityPolicy(config),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // The voice features, the camera and location triggers run in the app itself; nothing it embeds may ask.
    'Permissions-Policy': 'camera=(self), microphone=(self), geolocation=(self)',
  };
  if (config.PUBLIC_URL.startsWith('https://')) headers['Strict-Transport-Security'] = `max-age=${HSTS_MAX_AGE_SECONDS}`;
  return headers;
}

/**
 * Sets the security headers on every answer as the request arrives, so they survive whatever answers it: a route, an
 * error, a 404, a refusal of the hooks after this one. Answers written on the raw socket (Server-Sent Events) copy the
 * reply's headers (`openEventStream`).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Pick<GatewayConfig, 'PUBLIC_URL' | 'VITE_REVERSE_GEOCODE_URL'>) {
  const headers = securityHeaders(config);
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}
