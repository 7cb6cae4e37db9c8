type Callback<T = void> = (error?: unknown, value?: T) => void;

/** The callback store interface @fastify/session speaks (as express-session's stores do). */
export interface SessionStore {
  get(sid: string, callback: Callback<unknown>): void;
  set(sid: string, session: unknown, callback: Callback): void;
  destroy(sid: string, callback: Callback): void;
}

interface Entry {
  json: string;
  expiresAt: number;
}

/**
 * Keeps recently read sessions in memory for a few seconds in front of Redis, so the hot path of an /api call does
 * not wait for a Redis round trip. Sessions stay revocable: a destroy (logout, sign-in's regenerate) on any gateway
 * replica is announced through `onDestroy` and every replica forgets the entry at once (`forget`).
 */
export class CachedSessionStore implements SessionStore {
  private readonly cache = new Map<string, Entry>();

  constructor(
    private readonly inner: SessionStore,
    private readonly options: { ttlMs: number; maxEntries: number; onDestroy: (sid: string) => void },
  ) {}

  get(sid: string, callback: Callback<unknown>) {
    const entry = this.cache.get(sid);
    if (entry && entry.expiresAt > Date.now()) return callback(null, JSON.parse(entry.json));
    this.inner.get(sid, (error, session) => {
      if (!error && session) this.remember(sid, session);
      else this.cache.delete(sid);
      callback(error, session);
    });
  }

  set(sid: string, session: unknown, callback: Callback) {
    this.cache.delete(sid);
    this.inner.set(sid, session, (error) => {
      if (!error) this.remember(sid, session);
      callback(error);
    });
  }

  destroy(sid: string, callback: Callback) {
    this.cache.delete(sid);
    this.inner.destroy(sid, (error) => {
      this.options.onDestroy(sid);
      callback(error);
    });
  }

  forget(sid: string) {
    this.cache.delete(sid);
  }

  private remember(sid: string, session: unknown) {
    if (this.cache.size >= this.options.maxEntries) {
      // Map iterates in insertion order: drop the oldest tenth.
      let drop = Math.ceil(this.options.maxEntries / 10);
      for (const key of this.cache.keys()) {
        this.cache.delete(key);
        if (--drop === 0) break;
      }
    }
    this.cache.set(sid, { json: JSON.stringify(session), expiresAt: Date.now() + this.options.ttlMs });
  }
}
