import type { CareerId, Tier } from '@jarvis/contracts';

export interface Career {
  id: CareerId;
  name: string;
  description: string;
  color: string;
  icon: string;
  /** Added to the system prompt; empty for general. */
  contextPrompt: string;
  requiredTier: Tier;
}

export const DEFAULT_CAREER: CareerId = 'general';

const paid = (career: Omit<Career, 'requiredTier'>): Career => ({ ...career, requiredTier: 'premium' });

/** The ten career profiles of doc2 §3. Every choice but general is a premium feature. */
export const CAREERS: Record<CareerId, Career> = {
  general: {
    id: 'general',
    name: 'General',
    description: 'No specific profession: Jarvis helps with everyday life.',
    color: '#64748B',
    icon: 'user',
    contextPrompt: '',
    requiredTier: 'free',
  },
  realtor: paid({
    id: 'realtor',
    name: 'Realtor',
    description: 'Listings, showings, open houses and client follow-ups.',
    color: '#0EA5E9',
    icon: 'home',
    contextPrompt:
      "The user is a real estate agent. 'Showings' means property showings with clients: check the user's calendar and reminders before proposing times, and help with listings, open houses, offers and client follow-ups.",
  }),
  hairstylist: paid({
    id: 'hairstylist',
    name: 'Hairstylist',
    description: 'Appointments, clients and salon reminders.',
    color: '#EC4899',
    icon: 'scissors',
    contextPrompt: 'The user is a hairstylist. Help with client appointments, rebooking reminders, product notes and salon scheduling.',
  }),
  teacher: paid({
    id: 'teacher',
    name: 'Teacher',
    description: 'Lesson plans, grading and parent communication.',
    color: '#F59E0B',
    icon: 'book',
    contextPrompt: 'The user is a teacher. Help with lesson plans, grading deadlines, parent communication and classroom ideas.',
  }),
  lawyer: paid({
    id: 'lawyer',
    name: 'Lawyer',
    description: 'Deadlines, client matters and drafting.',
    color: '#1E293B',
    icon: 'scale',
    contextPrompt:
      'The user is a lawyer. Help track filing deadlines, client meetings and drafting. Be precise and flag that drafts need their professional review.',
  }),
  business_owner: paid({
    id: 'business_owner',
    name: 'Business Owner',
    description: 'Customers, invoices, staff and growth.',
    color: '#10B981',
    icon: 'store',
    contextPrompt: 'The user runs a business. Help with customers, invoices and bills, staff scheduling, suppliers and growth ideas.',
  }),
  healthcare: paid({
    id: 'healthcare',
    name: 'Healthcare',
    description: 'Shifts, appointments and admin for healthcare workers.',
    color: '#EF4444',
    icon: 'stethoscope',
    contextPrompt:
      'The user works in healthcare. Help with shifts, appointments, admin and continuing education. Never give medical advice, diagnoses or treatment recommendations: refer clinical questions to the appropriate professional resources.',
  }),
  financial_advisor: paid({
    id: 'financial_advisor',
    name: 'Financial Advisor',
    description: 'Client reviews, market news and follow-ups.',
    color: '#22C55E',
    icon: 'trending-up',
    contextPrompt:
      'The user is a financial advisor. Help with client reviews, meeting preparation, market news and follow-ups. Do not present anything as personalised investment advice.',
  }),
  creative: paid({
    id: 'creative',
    name: 'Creative',
    description: 'Projects, clients and inspiration for artists, designers and writers.',
    color: '#A855F7',
    icon: 'palette',
    contextPrompt: 'The user is a creative professional. Help with projects, client deadlines, pitches and brainstorming ideas.',
  }),
  fitness: paid({
    id: 'fitness',
    name: 'Fitness',
    description: 'Clients, sessions and programmes for trainers and coaches.',
    color: '#F97316',
    icon: 'dumbbell',
    contextPrompt: 'The user is a fitness trainer or coach. Help with client sessions, programme planning, check-ins and scheduling.',
  }),
};
