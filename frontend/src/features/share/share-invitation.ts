export const SHARE_COPY_CONFIRMATION_MS = 2_000;

export const SHARE_BENEFITS = [
  {
    title: 'Chat with memory',
    text: 'An AI assistant that remembers your earlier conversations and what matters to you.',
  },
  {
    title: 'Reminders',
    text: 'Set reminders in plain words, like "tomorrow morning", and never forget a thing.',
  },
  {
    title: 'Phone message handling',
    text: 'Jarvis answers your calls, takes messages and transcribes them for you.',
  },
  { title: 'Voice', text: 'Talk hands-free with "Hey Jarvis" and hear every reply spoken aloud.' },
  {
    title: 'Calendar integration',
    text: 'Connect Google Calendar and share booking links for your free time.',
  },
] as const;

/** A mailto: link that opens the user's mail composer with a prefilled invitation. */
export function invitationMailto(origin: string): string {
  const subject = 'Try Jarvis, my personal AI assistant';
  const body = [
    'Hi,',
    '',
    'I have been using Jarvis, a personal AI assistant that chats with memory, sets reminders, handles phone messages, talks with your voice and works with your calendar.',
    '',
    `Give it a try: ${origin}`,
    '',
    'Cheers!',
  ].join('\n');
  return `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
