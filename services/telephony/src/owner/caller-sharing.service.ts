import { Injectable } from '@nestjs/common';
import { type CallerSharing, DEFAULT_CALLER_SHARING } from '@jarvis/contracts';
import { CallerSharingRepository } from './caller-sharing.repository';
import type { CallerSharingEntity } from './entities/caller-sharing.entity';
import type { EntityManager } from 'typeorm';

/** The owner's choice of what the phone agent may tell callers; DEFAULT_CALLER_SHARING until they make one. */
@Injectable()
export class CallerSharingService {
  constructor(private readonly sharing: CallerSharingRepository) {}

  async forUser(userId: string): Promise<CallerSharing> {
    const row = await this.sharing.findForUser(userId);
    return row ? toSharing(row) : { ...DEFAULT_CALLER_SHARING };
  }

  async update(userId: string, change: Partial<CallerSharing>): Promise<CallerSharing> {
    const columns = {
      ...(change.name !== undefined && { shareName: change.name }),
      ...(change.availability !== undefined && { shareAvailability: change.availability }),
      ...(change.twinFacts !== undefined && { shareTwinFacts: change.twinFacts }),
    };
    if (Object.keys(columns).length === 0) return this.forUser(userId);
    const defaults = {
      shareName: DEFAULT_CALLER_SHARING.name,
      shareAvailability: DEFAULT_CALLER_SHARING.availability,
      shareTwinFacts: DEFAULT_CALLER_SHARING.twinFacts,
    };
    return toSharing(await this.sharing.upsert(userId, columns, defaults));
  }

  /** Account lifecycle (issue 22): what the owner lets the phone agent tell (null: the defaults). */
  accountRow(userId: string): Promise<CallerSharingEntity | null> {
    return this.sharing.findRow(userId);
  }

  importAccountRow(manager: EntityManager, row: Pick<CallerSharingEntity, 'userId' | 'shareName' | 'shareAvailability' | 'shareTwinFacts'>) {
    return this.sharing.importRow(manager, row);
  }

  eraseAccountRows(manager: EntityManager, userId: string) {
    return this.sharing.eraseUser(manager, userId);
  }
}

function toSharing(row: CallerSharingEntity): CallerSharing {
  return { name: row.shareName, availability: row.shareAvailability, twinFacts: row.shareTwinFacts };
}
