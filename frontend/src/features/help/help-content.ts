export interface HelpFeature {
  id: string;
  title: string;
  description: string;
  /** The 'View Details' text: paragraphs or bullet lines. */
  content: string[];
}

export interface HelpFaq {
  id: string;
  question: string;
  answer: string;
}

/** The 13 feature cards of doc3's Help section, in order. */
export const HELP_FEATURES: HelpFeature[] = [
  {
    id: 'chat',
    title: 'AI Chat',
    description: 'Talk with an assistant that remembers your earlier conversations.',
    content: [
      'Type a message or use your voice: say "Hey Jarvis", switch on Always ON for hands-free conversation, or press TALK.',
      'Upload an image or take a photo to ask questions about it (PNG, JPEG or WebP under 5MB).',
      'Replies can include action buttons, for example to create a reminder, check the weather or draft an e-mail.',
      'Choose a personality and a career profile to shape how Jarvis answers, and pick light or dark themes in four colour schemes in Settings, then Theme.',
    ],
  },
  {
    id: 'phone',
    title: 'Phone Calls',
    description: 'Jarvis answers your calls, takes messages and can call people for you.',
    content: [
      'Callers to your Jarvis number leave a message; you get the transcript, the recording and any action items.',
      'On Premium, Jarvis answers calls with AI and you get a dedicated number. The phone answering add-on costs $20.00 per phone number.',
      'Outbound calls (Premium: 5 per month, Enterprise: unlimited) cover bill collection, appointments, spam blocking, follow-ups and returning missed calls.',
    ],
  },
  {
    id: 'email',
    title: 'Email Management',
    description: 'Read, search and tidy your inbox from Jarvis.',
    content: [
      'Connect your Gmail account from the Emails page or your Account page.',
      'Every plan can read and search messages; Premium and Enterprise can also unsubscribe, trash, delete and mark as spam.',
      'Ask Jarvis to draft an e-mail and send it from the draft card.',
    ],
  },
  {
    id: 'reminders',
    title: 'Smart Reminders',
    description: 'Set reminders in plain words or with an exact date and time.',
    content: [
      'Say things like "remind me to call Mom tomorrow morning" — tomorrow morning means 8am, this evening means 6pm.',
      'Tick reminders off as done; the sidebar badge counts the ones still open.',
      'Connect Google Calendar to turn events into reminders automatically.',
    ],
  },
  {
    id: 'memory',
    title: 'Memory Bank',
    description: 'Jarvis remembers facts, events and preferences to help you better.',
    content: [
      'Memories carry a type, an importance from 1 to 5 and tags.',
      'Search your memories and delete anything you do not want kept.',
      'Pattern Insights predict what you may need next, based on your habits.',
    ],
  },
  {
    id: 'notifications',
    title: 'Notifications',
    description: 'Alerts by SMS, browser push and e-mail for the events you choose.',
    content: [
      'Pick channels and events in Settings, then Notifications: calls, reminders, urgent messages, location triggers, traffic and weather.',
      'Turn on browser push with the Enable Push button and send yourself a test notification.',
      'Location triggers send smart notifications based on where you are.',
    ],
  },
  {
    id: 'legal',
    title: 'Legal Documents',
    description: 'Draft contracts and send them for signature.',
    content: [
      'Ask Jarvis to draft a contract or agreement in chat.',
      'Open Contracts in the sidebar to manage documents in the document service.',
      'Jarvis is not a lawyer: have important documents reviewed by a professional.',
    ],
  },
  {
    id: 'coding',
    title: 'Coding Help',
    description: 'Get explanations, examples and reviews of code.',
    content: [
      'Paste code into the chat and ask for an explanation, a fix or a review.',
      'Replies render code blocks with formatting.',
      'Enterprise plans use the fastest models, including GPT-5 and Claude Sonnet 4.',
    ],
  },
  {
    id: 'calendar',
    title: 'Calendar Integration',
    description: 'Sync Google Calendar and share booking links.',
    content: [
      'Connect Google Calendar in Settings, then Calendar.',
      'Synced events become reminders (by default 15 minutes before) and, for chosen keywords, phone calls.',
      'Share a booking link so others can pick a free time slot with you.',
    ],
  },
  {
    id: 'weather-events',
    title: 'Weather & Events',
    description: 'Current weather, forecasts and events near you.',
    content: [
      'Ask "What is the weather in Boston?" or for a 5-day forecast.',
      'Search for concerts and events by keyword, place or genre, or find events near you.',
    ],
  },
  {
    id: 'music',
    title: 'Music Identification',
    description: 'Find out which song is playing.',
    content: [
      'Ask "What song is this?" and let Jarvis listen for up to 10 seconds.',
      'You get the title, artist and album with links to Spotify, YouTube and Apple Music.',
    ],
  },
  {
    id: 'discord',
    title: 'Discord Integration',
    description: 'Send messages to your Discord servers through Jarvis.',
    content: [
      'Follow the Discord Setup guide in the sidebar to add the Jarvis bot to your server.',
      'Test the connection to see the servers the bot is in.',
      'Then ask Jarvis to post a message to a channel.',
    ],
  },
  {
    id: 'plans',
    title: 'Subscription Plans',
    description: 'Free, Premium ($99/month) and Enterprise ($199/month).',
    content: [
      'Free: chat, personalities, read-only e-mail, calendar with booking links and phone messages.',
      'Premium: adds e-mail management, AI-answered calls, voice cloning, a dedicated number, advanced memory, priority support and 5 outgoing calls per month.',
      'Enterprise: adds Professor Mode, unlimited outgoing calls, priority voice cloning, the fastest models, dedicated support and custom integrations.',
    ],
  },
];

/** The 10 FAQ entries of doc3's Help section, in order. */
export const HELP_FAQS: HelpFaq[] = [
  {
    id: 'voice-responses',
    question: 'How do I get Jarvis to speak its responses?',
    answer:
      'Jarvis speaks every reply aloud automatically. If your browser blocks autoplay, a "Click to hear" button appears; click it once and audio works from then on. Premium users can even clone their own voice (3-5 samples of 30-60 seconds each).',
  },
  {
    id: 'outbound-calls',
    question: 'Can Jarvis make phone calls for me?',
    answer:
      'Yes, outbound calls are available on Premium (5 calls per month) and Enterprise (unlimited). Open Outbound Calls to queue a call for bill collection, appointments, spam blocking, follow-ups or returning a missed call, or create automated scenarios that run on a schedule.',
  },
  {
    id: 'ai-twin',
    question: 'What is the AI Twin?',
    answer:
      'Your AI Twin learns your writing style from at least 3 samples you provide, plus facts about you and your guidelines, so Jarvis can draft replies that sound like you.',
  },
  {
    id: 'privacy',
    question: 'Is my data private?',
    answer:
      'Yes. Your conversations are encrypted and private. Your data is only used to provide the service to you and is never sold. You can delete conversations and memories at any time.',
  },
  {
    id: 'models',
    question: 'What is the difference between the AI models?',
    answer:
      'Free and Premium plans use models such as GPT-4 and Claude. Enterprise adds the fastest models, GPT-5 and Claude Sonnet 4, and Professor Mode, which combines several models for deeper reasoning.',
  },
  {
    id: 'smart-notifications',
    question: 'How do smart notifications work?',
    answer:
      'Jarvis watches for things that need your attention — calls, urgent messages, reminders, traffic, weather and places you arrive at — and alerts you by SMS, push or e-mail, as you choose in Settings, then Notifications.',
  },
  {
    id: 'cancel',
    question: 'Can I cancel my subscription?',
    answer:
      'Yes, you can cancel anytime from Account, then Manage Billing. You keep access to your plan until the end of the billing period.',
  },
  {
    id: 'mobile',
    question: 'Can I use Jarvis on my phone?',
    answer:
      'Yes. Jarvis works in any modern mobile browser: the sidebar becomes a menu you open from the top bar. Add it to your home screen for an app-like experience and enable push notifications.',
  },
  {
    id: 'google-calendar',
    question: 'How do I connect Google Calendar?',
    answer:
      'Open Settings, then Calendar, and click Connect Google Calendar. Sign in with Google in the pop-up window; once connected, choose whether events become reminders and phone calls.',
  },
  {
    id: 'misunderstandings',
    question: 'What if Jarvis misunderstands me?',
    answer:
      'Rephrase your request with more detail, or use the thumbs-down button under a reply so we can improve. For voice, speak clearly after "Hey Jarvis" and check the transcript before it is sent.',
  },
];

export const QUICK_START_STEPS = [
  {
    title: 'Start chatting',
    text: 'Type or say "Hey Jarvis" to ask anything: questions, reminders, weather, drafts.',
  },
  {
    // doc3 reads 'Settings then Integrations'; the connections live in Settings' tabs and on the Account page.
    title: 'Connect your services',
    text: 'Connect Gmail on the Account page, Google Calendar in Settings → Calendar, and your Jarvis phone number in Settings → Profile. Choose how Jarvis notifies you in Settings → Notifications, and add Jarvis to Discord from Discord Setup in the menu.',
  },
  {
    title: 'Make it yours',
    text: 'Choose a personality, a career profile, your theme colours and notifications.',
  },
];

/** FAQ topics of the help area, each with the search term it opens /help with. */
export const FAQ_TOPICS = [
  { label: 'Calendar', term: 'calendar' },
  { label: 'Reminders', term: 'reminder' },
  { label: 'Phone calls', term: 'call' },
  { label: 'Memory', term: 'memor' },
  { label: 'Themes', term: 'theme' },
] as const;

function matches(term: string, ...fields: string[]): boolean {
  const needle = term.trim().toLowerCase();
  if (!needle) return true;
  return fields.some((field) => field.toLowerCase().includes(needle));
}

/** Case-insensitive match on title, description and body (doc3 §5). */
export function searchFeatures(features: HelpFeature[], term: string): HelpFeature[] {
  return features.filter((f) => matches(term, f.title, f.description, ...f.content));
}

/** Case-insensitive match on question and answer (doc3 §5). */
export function searchFaqs(faqs: HelpFaq[], term: string): HelpFaq[] {
  return faqs.filter((f) => matches(term, f.question, f.answer));
}

export function searchSummary(tab: 'features' | 'faq', count: number, term: string): string {
  return `Found ${count} ${tab === 'features' ? 'feature(s)' : 'question(s)'} matching "${term.trim()}"`;
}
