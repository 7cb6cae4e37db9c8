import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { listenToLogs } from '@jarvis/platform';

export interface LogCapture {
  /** Every line written since the capture started, at every level (JSON, one object a line). */
  lines: string[];
  /** All lines as one text, to assert what it never contains. */
  text(): string;
  stop(): void;
}

/**
 * Captures what this process logs from now on, every level included, after the logger's redaction: what an operator
 * would read. `const logs = captureLogs(); ...; expect(logs.text()).not.toContain(secret); logs.stop();`
 */
export function captureLogs(): LogCapture {
  const lines: string[] = [];
  const stop = listenToLogs((line) => lines.push(line));
  return { lines, text: () => lines.join(''), stop };
}

/**
 * Which of `secrets` appear in `text`, each with the name it was given, so a failing assertion says which leaked:
 * `expect(leakedSecrets(logs.text(), secrets)).toEqual([])`.
 */
export function leakedSecrets(text: string, secrets: Record<string, string>): string[] {
  return Object.entries(secrets)
    .filter(([, value]) => value && text.includes(value))
    .map(([name]) => name);
}

/**
 * Which of `secrets` can be read from `value` however it is printed: `util.inspect` at any depth (what a logger or a
 * crash shows of an error, its fields and causes) and its JSON (what a reply carries).
 */
export function secretsIn(value: unknown, secrets: Record<string, string>): string[] {
  let json = '';
  try {
    json = JSON.stringify(value) ?? '';
  } catch {
    /* circular: inspect shows it */
  }
  return leakedSecrets(`${inspect(value, { depth: Infinity, showHidden: true })}\n${json}`, secrets);
}

/** `http://127.0.0.1:<port>` of a port that was free a moment ago and is closed now: every request to it is refused. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}
