export type StepPosition = 'top' | 'bottom' | 'left' | 'right';

export interface OnboardingStep {
  id: 'welcome' | 'chat' | 'voice' | 'sidebar' | 'personality' | 'reminders' | 'phone' | 'complete';
  title: string;
  description: string;
  /** CSS selector of the element to highlight; none means a centred card. */
  target?: string;
  position?: StepPosition;
  suggestedAction?: string;
}

/** The guided tour of doc3 §4: eight steps in this order. */
export const ONBOARDING_STEPS: OnboardingStep[] = [
  {
    id: 'welcome',
    title: 'Welcome to Jarvis!',
    description:
      'Jarvis is your personal AI assistant: it chats with you, remembers what matters, keeps your reminders and handles your phone messages. This short tour shows you around.',
  },
  {
    id: 'chat',
    title: 'Chat with Jarvis',
    description:
      'This is where you talk to Jarvis. Ask questions, upload a photo, or ask it to set a reminder, check the weather or draft an e-mail; replies come with one-click action buttons.',
    target: '[data-tour="chat"]',
    position: 'left',
    suggestedAction: 'Try asking: "What can you help me with today?"',
  },
  {
    id: 'voice',
    title: 'Talk instead of typing',
    description:
      'Say "Hey Jarvis" to start talking hands-free, turn on Always ON for a continuous conversation, or open the Voice Orb. Jarvis speaks its replies aloud.',
    target: '[data-tour="voice"]',
    position: 'right',
  },
  {
    id: 'sidebar',
    title: 'Everything in one place',
    description:
      'The sidebar takes you to reminders, memory, phone messages, outbound calls, notifications, e-mail, contacts and settings. Badges show what needs your attention, and Smart Suggestions offer timely ideas.',
    target: '[data-tour="sidebar"]',
    position: 'right',
  },
  {
    id: 'personality',
    title: 'Make Jarvis yours',
    description:
      'Choose a personality and a career profile so Jarvis talks the way you like and understands your work. In Settings you can also pick light or dark mode and a colour scheme.',
    target: '[data-tour="personality"]',
    position: 'right',
    suggestedAction: 'Open Settings, then Theme, to pick your colours.',
  },
  {
    id: 'reminders',
    title: 'Never forget a thing',
    description:
      'Ask Jarvis to remind you in plain words, like "tomorrow morning" or "this evening", or add reminders yourself. The badge counts what is still to do.',
    target: '[data-tour="reminders"]',
    position: 'right',
    suggestedAction: 'Try: "Remind me to call Mom tomorrow at 6pm".',
  },
  {
    id: 'phone',
    title: 'Phone messages, handled',
    description:
      'When people call your Jarvis number, it takes their message, transcribes it and flags urgent ones. New messages show up here with a badge.',
    target: '[data-tour="phone"]',
    position: 'right',
  },
  {
    id: 'complete',
    title: "You're all set!",
    description:
      'That is the tour. You can restart it at any time from the help menu at the top of the sidebar. Enjoy Jarvis!',
  },
];

export interface Rect {
  top: number;
  left: number;
  width: number;
  height: number;
}

const GAP = 16;
const MARGIN = 12;

/**
 * Where the step card goes next to the highlighted element: the preferred side when it fits, else the first side
 * that fits, else over the bottom of the viewport (centred horizontally). Always kept inside the viewport.
 */
export function placeCard(
  target: Rect,
  card: { width: number; height: number },
  viewport: { width: number; height: number },
  preferred: StepPosition = 'right',
): { top: number; left: number } {
  const clampTop = (top: number) => Math.max(MARGIN, Math.min(top, viewport.height - card.height - MARGIN));
  const clampLeft = (left: number) => Math.max(MARGIN, Math.min(left, viewport.width - card.width - MARGIN));
  const candidates: Record<StepPosition, { fits: boolean; top: number; left: number }> = {
    right: {
      fits: target.left + target.width + GAP + card.width + MARGIN <= viewport.width,
      left: target.left + target.width + GAP,
      top: clampTop(target.top + target.height / 2 - card.height / 2),
    },
    left: {
      fits: target.left - GAP - card.width - MARGIN >= 0,
      left: target.left - GAP - card.width,
      top: clampTop(target.top + target.height / 2 - card.height / 2),
    },
    bottom: {
      fits: target.top + target.height + GAP + card.height + MARGIN <= viewport.height,
      top: target.top + target.height + GAP,
      left: clampLeft(target.left + target.width / 2 - card.width / 2),
    },
    top: {
      fits: target.top - GAP - card.height - MARGIN >= 0,
      top: target.top - GAP - card.height,
      left: clampLeft(target.left + target.width / 2 - card.width / 2),
    },
  };
  const order: StepPosition[] = [
    preferred,
    ...(['right', 'bottom', 'left', 'top'] as StepPosition[]).filter((p) => p !== preferred),
  ];
  const chosen = order.map((p) => candidates[p]).find((c) => c.fits);
  if (chosen) return { top: chosen.top, left: chosen.left };
  return {
    top: clampTop(viewport.height - card.height - MARGIN * 2),
    left: clampLeft(viewport.width / 2 - card.width / 2),
  };
}
