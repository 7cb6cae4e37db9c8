import type { ManualKind } from './outbound.constants';

type Payload = Record<string, string | undefined>;

/**
 * What the assistant says first when no model is configured (or it does not answer in time): one fixed script per
 * kind, filled with the request's fields. The bill collector's is factual and offers a call back, never a threat.
 */
export function fixedOpening(kind: ManualKind, p: Payload, ownerFirstName: string | null): string {
  const onBehalf = ownerFirstName ? ` on behalf of ${ownerFirstName}` : '';
  switch (kind) {
    case 'bill_collector':
      return (
        `Hello, this is Jarvis, an automated assistant calling on behalf of ${p.companyName} for ${p.clientName}, ` +
        `about account number ${p.accountNumber}. Our records show an outstanding balance of ${p.amount}. ` +
        `If you have questions or would like to arrange a payment, you can reach us at ${p.clientEmail}. ` +
        'If now is not a good time, we are happy to call you back later. Thank you.'
      );
    case 'appointment':
      return (
        `Hello, this is Jarvis, an automated assistant calling${onBehalf} to remind you of your ${p.appointmentType} appointment` +
        `${p.appointmentTime ? ` on ${p.appointmentTime}` : ''} at ${p.location}. ` +
        'If you need to reschedule, please let us know. Thank you.'
      );
    case 'spam_block':
      return (
        `Hello, this is Jarvis, an automated assistant calling${onBehalf}. I am asking you to remove this number from your ` +
        `calling list and add it to your do-not-call list. The reason: ${p.reason}. Thank you.`
      );
    case 'follow_up':
      return (
        `Hello, this is Jarvis, an automated assistant calling${onBehalf} to follow up` +
        `${p.lastInteraction && p.lastInteraction !== 'recently' ? ` on our conversation of ${p.lastInteraction}` : ' on our recent conversation'} ` +
        `about ${p.context}. ${p.message}`
      );
    case 'missed_call':
      return `Hello, this is Jarvis, an automated assistant returning a missed call from this number${onBehalf}. How can I help you?`;
  }
}
