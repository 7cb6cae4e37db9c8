/**
 * What a visitor typed may reach a mail header only in a form that cannot become another header or another
 * recipient: text with every control character (CR, LF, NUL, tab...) and Unicode line separator turned into a space,
 * and an address only when it is a plain `local@domain` (no quotes, spaces, brackets, commas or comments, which an
 * address parser would read as more addresses or a group).
 */
export function headerText(value: string, max = 300): string {
  return value
    // Control characters are exactly what this removes.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);
}

const LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** A syntactically valid `local@domain` address of at most 254 characters (RFC 5321), with a dotted domain. */
export function isPlainAddress(value: string): boolean {
  if (value.length > 254) return false;
  const at = value.lastIndexOf('@');
  if (at < 1) return false;
  const local = value.slice(0, at);
  const labels = value.slice(at + 1).split('.');
  return local.length <= 64 && LOCAL.test(local) && labels.length >= 2 && labels.every((l) => LABEL.test(l)) && !/^\d+$/.test(labels.at(-1)!);
}
