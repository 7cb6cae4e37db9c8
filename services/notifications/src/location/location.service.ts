import { Injectable } from '@nestjs/common';
import { InboxRepository } from '../inbox/inbox.repository';
import { LocationRepository } from './location.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

@Injectable()
export class LocationService {
  constructor(
    private readonly repository: LocationRepository,
    private readonly inbox: InboxRepository,
  ) {}

  async get(userId: string) {
    const row = await this.repository.find(userId);
    if (!row) return { hasLocation: false };
    return { hasLocation: true, lat: row.lat, lon: row.lon, ...(row.locationName ? { locationName: row.locationName } : {}) };
  }

  async set(userId: string, input: { lat: number; lon: number; locationName?: string }) {
    await this.repository.save(userId, { lat: input.lat, lon: input.lon, locationName: input.locationName || null });
    return { hasLocation: true as const };
  }

  async remove(userId: string) {
    await this.repository.remove(userId);
    return { hasLocation: false as const };
  }

  /**
   * The browser's periodic position: kept (with the place name it had), answered with the location triggers of the
   * last day. Triggers come from reminders that name a place, kept by calendar (not built yet: the list holds only
   * location_trigger entries that reached the inbox).
   */
  async position(userId: string, input: { lat: number; lon: number }) {
    const known = await this.repository.find(userId);
    await this.repository.save(userId, { lat: input.lat, lon: input.lon, locationName: known?.locationName ?? null });
    const recent = await this.inbox.recentOfType(userId, 'location_trigger', new Date(Date.now() - DAY_MS));
    return {
      notifications: recent.map((n) => ({ id: n.id, message: n.message, priority: n.priority, createdAt: n.createdAt.toISOString() })),
    };
  }
}
