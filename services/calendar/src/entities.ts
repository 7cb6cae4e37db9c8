import { BookingLinkEntity } from './booking-links/entities/booking-link.entity';
import { BookingEntity } from './bookings/entities/booking.entity';
import { CalendarConnectionEntity } from './calendar-connection/entities/calendar-connection.entity';
import { CalendarSyncSettingsEntity } from './calendar-sync/entities/calendar-sync-settings.entity';
import { SyncedEventEntity } from './calendar-sync/entities/synced-event.entity';
import { ReminderPlaceEntity } from './places/entities/reminder-place.entity';
import { ReminderEntity } from './reminders/entities/reminder.entity';

/** Every TypeORM entity of the calendar schema; each feature adds its entities here. */
export const calendarEntities: (new () => object)[] = [
  ReminderEntity,
  BookingLinkEntity,
  BookingEntity,
  CalendarConnectionEntity,
  CalendarSyncSettingsEntity,
  SyncedEventEntity,
  ReminderPlaceEntity,
];
