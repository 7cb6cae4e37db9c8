import { Inject, Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config';
import { HashingBusy } from './identity.errors';

/**
 * At most `size` tasks at once; a task that cannot start within `maxWaitMs` is refused with `HashingBusy` (503,
 * Retry-After: 1) instead of joining a queue that only grows while a flood lasts.
 */
export class Slots {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly size: number,
    private readonly maxWaitMs: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (this.active < this.size) {
      this.active += 1;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const grant = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const index = this.waiting.indexOf(grant);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(HashingBusy());
      }, this.maxWaitMs);
      this.waiting.push(grant);
    });
  }

  /** Hands the slot to the next waiter, or frees it. */
  private release() {
    const next = this.waiting.shift();
    if (next) next();
    else this.active -= 1;
  }
}

/**
 * argon2id hashing and verifying, a few at a time per gateway replica (`PASSWORD_HASH_CONCURRENCY`): each takes tens
 * of milliseconds of CPU and memory, so a flood of sign-ups or logins must wait its turn, briefly, or be turned away.
 */
@Injectable()
export class PasswordHasher {
  private readonly slots: Slots;
  /** A fixed hash checked when the account has no password, so timing does not tell which names have one. */
  private dummy?: Promise<string>;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.slots = new Slots(config.PASSWORD_HASH_CONCURRENCY, config.PASSWORD_HASH_MAX_WAIT_MS);
  }

  hash(password: string): Promise<string> {
    return this.slots.run(() => argon2.hash(password, { type: argon2.argon2id }));
  }

  /** Whether `password` matches `hash`; with no hash, checks against a fixed one (as long) and says no. */
  async verify(hash: string | null, password: string): Promise<boolean> {
    const against = hash ?? (await (this.dummy ??= argon2.hash('not-a-password', { type: argon2.argon2id })));
    const valid = await this.slots.run(() => argon2.verify(against, password).catch(() => false));
    return hash !== null && valid;
  }
}
