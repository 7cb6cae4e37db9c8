import type { ChipProps } from '@mui/material/Chip';

export interface TypeBadge {
  label: string;
  color: ChipProps['color'];
  variant: ChipProps['variant'];
}

/**
 * doc2's type badges: urgent_message destructive (the theme's error colour), phone_call default, chat_message
 * secondary, every other type outlined.
 */
export function notificationTypeBadge(type: string): TypeBadge {
  const label = typeLabel(type);
  switch (type) {
    case 'urgent_message':
      return { label, color: 'error', variant: 'filled' };
    case 'phone_call':
      return { label, color: 'default', variant: 'filled' };
    case 'chat_message':
      return { label, color: 'secondary', variant: 'filled' };
    default:
      return { label, color: 'default', variant: 'outlined' };
  }
}

/** 'urgent_message' reads 'Urgent message'. */
export function typeLabel(type: string): string {
  const words = type.replace(/_/g, ' ').trim();
  return words ? words[0].toUpperCase() + words.slice(1) : 'Notification';
}
