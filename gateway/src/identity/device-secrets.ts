import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config';
import { DeviceSecretsRepository } from './device-secrets.repository';

export const DEVICE_COOKIE = 'jarvis_device';
/** Browsers cap a cookie's lifetime at 400 days (RFC 6265bis); every sign-in renews it. */
const DEVICE_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;
/** 32 random bytes, base64url: 256 bits. */
const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The browser an account signs in from. Every successful sign-in leaves an HttpOnly `jarvis_device` cookie holding a
 * random secret (kept when the browser already has one Jarvis issued) and links its SHA-256 to the account; only the
 * hash is stored. Quick access opens an existing account only from a linked browser, and a linked browser is never
 * refused its account's correct password by the sign-in lockout.
 */
@Injectable()
export class DeviceSecrets {
  private readonly secure: boolean;

  constructor(
    private readonly devices: DeviceSecretsRepository,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.secure = config.PUBLIC_URL.startsWith('https://');
  }

  /** The hash of the request's device secret; null without a well-formed one. */
  hashOf(req: FastifyRequest): string | null {
    const secret = req.cookies?.[DEVICE_COOKIE];
    return secret && SECRET_PATTERN.test(secret) ? sha256(secret) : null;
  }

  /** Whether the request comes from a browser that signed in to `userId` before (one query, even without either). */
  trusts(secretHash: string | null, userId: string | null): Promise<boolean> {
    return this.devices.isLinked(secretHash, userId);
  }

  /**
   * Binds the request's browser to `userId`: its secret when Jarvis issued it (a value some page planted that no
   * account knows is replaced, so nobody can choose a victim's secret), else a new one; the cookie is (re)set.
   */
  async remember(req: FastifyRequest, reply: FastifyReply, userId: string) {
    const offered = req.cookies?.[DEVICE_COOKIE];
    let secret = offered && SECRET_PATTERN.test(offered) && (await this.devices.isKnown(sha256(offered))) ? offered : null;
    secret ??= randomBytes(32).toString('base64url');
    await this.devices.link(sha256(secret), userId);
    reply.setCookie(DEVICE_COOKIE, secret, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secure,
      path: '/',
      maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
    });
  }
}

function sha256(secret: string) {
  return createHash('sha256').update(secret).digest('hex');
}
