import { Controller, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import {
  ACCOUNT_PART_SERVICES,
  type AccountExportPart,
  type AccountPartService,
  internalApi,
  type RpcDeclaration,
  ValidationError,
} from '@jarvis/contracts';
import { Handles, NatsTransport, PassThroughRpcFilter } from '@jarvis/platform';
import { connect } from 'nats';

/** What the stand-in services answer and saw: a test sets `parts` and reads `imports` and `erased`. */
export interface StandIns {
  /** Each service's export part for a user id (an empty part unless set). */
  parts: Map<string, Partial<Record<AccountPartService, AccountExportPart>>>;
  attachments: Map<string, { contentType: string; base64: string } | null>;
  /** Archive keys each service imported, by `<service>:<userId>`. */
  imports: Map<string, string[]>;
  /** `<service>:<userId>` for each erase asked; `notDone` services answer done: false. */
  erased: string[];
  notDone: Set<AccountPartService>;
  /** Services that fail their export. */
  failing: Set<AccountPartService>;
  /** Milliseconds a service takes to answer its export. */
  slowMs: number;
  close(): Promise<void>;
}

/** An empty part of a service, as it answers for a user who has nothing there. */
export function emptyPart(service: AccountPartService): AccountExportPart {
  const files: Record<AccountPartService, unknown> = {
    chat: {
      'conversations.json': [], 'messages.json': [], 'memories.json': [], 'patterns.json': { patterns: [], insights: [] },
      'twin.json': null, 'personality-and-career.json': null, 'shortcuts.json': [], 'discord-servers.json': [],
    },
    calendar: {
      'reminders.json': [], 'calendar-settings.json': { sync: null, connection: null, syncedEvents: [] },
      'booking-links.json': [], 'bookings.json': [],
    },
    telephony: {
      'contacts.json': [], 'phone-messages.json': [], 'call-logs.json': [], 'call-scenarios.json': [],
      'phone-line.json': { line: null, callerSharing: null },
    },
    notifications: {
      'notifications.json': [],
      'notification-preferences.json': { preferences: null, voiceAlerts: null, smsNumber: null, location: null },
      'support-messages.json': [],
    },
    voice: { 'voice.json': { clone: null, samples: [], usage: [] } },
    mail: { 'mail.json': { connection: null } },
    billing: { 'subscription.json': { plan: 'free', subscriptions: [], callUsage: [] } },
  };
  return { files: files[service] as never, attachments: [], unavailable: [] };
}

/**
 * Stands in for the seven services on their account subjects, so the gateway's orchestration (the job, the ZIP, the
 * checks of an import, the deletion's bookkeeping) is tested on its own; each service's own part has its own tests.
 */
export async function startAccountStandIns(natsUrl: string, prefix: string): Promise<StandIns> {
  const state: Omit<StandIns, 'close'> = {
    parts: new Map(), attachments: new Map(), imports: new Map(), erased: [], notDone: new Set(), failing: new Set(), slowMs: 0,
  };
  class Handlers {}
  const define = (key: string, declaration: RpcDeclaration, fn: (input: { ctx: { userId: string | null }; data: never }) => unknown) => {
    const descriptor: PropertyDescriptor = { value: fn, writable: true, configurable: true };
    Handles(declaration)(Handlers.prototype, key, descriptor);
    Object.defineProperty(Handlers.prototype, key, descriptor);
  };
  for (const service of ACCOUNT_PART_SERVICES) {
    define(`${service}Export`, internalApi[service].accountExport, async ({ ctx }) => {
      if (state.slowMs) await new Promise((resolve) => setTimeout(resolve, state.slowMs));
      if (state.failing.has(service)) throw new ValidationError(`${service} could not read its data`);
      return state.parts.get(ctx.userId!)?.[service] ?? emptyPart(service);
    });
    define(`${service}Import`, internalApi[service].accountImport, ({ ctx, data }) => {
      const key = `${service}:${ctx.userId}`;
      const archiveKey = (data as { archiveKey: string }).archiveKey;
      const seen = state.imports.get(key) ?? [];
      if (seen.includes(archiveKey)) return { imported: false, counts: {} };
      state.imports.set(key, [...seen, archiveKey]);
      return { imported: true, counts: {} };
    });
    define(`${service}Erase`, internalApi[service].accountErase, ({ data }) => {
      state.erased.push(`${service}:${(data as { userId: string }).userId}`);
      return { done: !state.notDone.has(service) };
    });
  }
  for (const service of ['telephony', 'voice'] as const) {
    define(`${service}Attachment`, internalApi[service].accountExportAttachment, ({ data }) => state.attachments.get((data as { ref: string }).ref) ?? null);
  }
  Controller()(Handlers);
  @Module({ controllers: [Handlers] })
  class StandInModule {}

  const transport = new NatsTransport({ queue: 'account-stand-ins', prefix });
  const nc = await connect({ servers: natsUrl });
  transport.useConnection(nc);
  const app = await NestFactory.createMicroservice(StandInModule, { strategy: transport, logger: false });
  app.useGlobalFilters(new PassThroughRpcFilter());
  await app.listen();
  return Object.assign(state, {
    async close() {
      await app.close();
      await nc.close();
    },
  });
}
