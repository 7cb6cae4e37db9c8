/**
 * A browser-like client for the gateway: keeps the session cookie, sends the X-Requested-With header the real
 * client sends, and returns status, headers and parsed JSON.
 */
export class TestHttpClient {
  private cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    /** `headers` go with every request (e.g. `X-Forwarded-For` to come from another address through a trusted proxy). */
    private readonly options: { ajaxHeader?: boolean; headers?: Record<string, string> } = {},
  ) {}

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const init: RequestInit = { method, headers: { ...this.options.headers, ...headers }, redirect: 'manual' };
    const h = init.headers as Record<string, string>;
    if (this.options.ajaxHeader !== false) h['X-Requested-With'] = 'XMLHttpRequest';
    if (this.cookies.size) h.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (body !== undefined) {
      h['Content-Type'] = 'application/json';
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
    }
    const res = await fetch(this.baseUrl + path, init);
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    const text = await res.text();
    let json: T = undefined as T;
    try {
      json = text ? JSON.parse(text) : (undefined as T);
    } catch {
      /* not JSON */
    }
    return { status: res.status, headers: res.headers, body: json, text, setCookies: res.headers.getSetCookie() };
  }

  get<T = any>(path: string) {
    return this.request<T>('GET', path);
  }
  post<T = any>(path: string, body?: unknown) {
    return this.request<T>('POST', path, body ?? {});
  }
  put<T = any>(path: string, body?: unknown) {
    return this.request<T>('PUT', path, body ?? {});
  }
  delete<T = any>(path: string) {
    return this.request<T>('DELETE', path);
  }

  hasSession() {
    return this.cookies.has('jarvis.sid');
  }

  sessionCookie() {
    return this.cookies.get('jarvis.sid');
  }

  /** A cookie this client holds (as a browser would send it), e.g. the `jarvis_device` secret. */
  cookie(name: string) {
    return this.cookies.get(name);
  }

  /** Gives this client a cookie, as if a page had planted it or another browser's jar were copied. */
  setCookie(name: string, value: string) {
    this.cookies.set(name, value);
  }
}
