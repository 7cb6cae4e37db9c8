import type { MailSummary } from '@jarvis/contracts';

/** Gmail's snippets come HTML-escaped ('Don&#39;t miss'). */
export function decodeEntities(text: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === '#') {
      const code =
        entity[1].toLowerCase() === 'x' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return named[entity.toLowerCase()] ?? whole;
  });
}

export function isUnread(message: Pick<MailSummary, 'labelIds'>): boolean {
  return message.labelIds.includes('UNREAD');
}

/** The sender as a person reads it: the display name, else the address. */
export function senderName(from: MailSummary['from']): string {
  return from.name.trim() || from.email || 'Unknown sender';
}

/** The list's short date: the time for today, 'Nov 22' this year, '11/22/24' before. */
export function shortMailDate(iso: string, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  if (date.toDateString() === now.toDateString())
    return date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  if (date.getFullYear() === now.getFullYear())
    return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
  return date.toLocaleDateString('en-US', { year: '2-digit', month: 'numeric', day: 'numeric' });
}

/** The detail view's full date: 'Sat, Nov 22, 2025, 5:07 PM'. */
export function fullMailDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}
