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
