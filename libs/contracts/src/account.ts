import { z } from 'zod';
import { ACTION_TYPES, CAREER_IDS, PERSONALITY_IDS } from './endpoints/chat';
import { notificationPreferences } from './endpoints/notifications';
import type { BACKEND_SERVICES } from './endpoint';

/**
 * A user's data as one archive (issue 22): a ZIP with `manifest.json` and one JSON file per kind, plus audio files.
 * Each service owns its part: it answers `<service>.account.export` with its files, imports them back with
 * `<service>.account.import`, and erases what it holds on `evt.identity.account.deleted`. The file schemas below are
 * the one description of every file, read by the gateway when it validates an uploaded archive and by each service's
 * import handler.
 *
 * No secret is ever in an archive: no password hash, refresh token, device secret, push key or provider credential.
 */

/** The archive format written now. An older archive is upgraded on the way in (ARCHIVE_UPGRADES). */
export const ACCOUNT_ARCHIVE_FORMAT_VERSION = 1;

export type AccountPartService = (typeof BACKEND_SERVICES)[number];
/** The parts of an archive in the order they are written and imported; identity's profile is the gateway's own. */
export const ACCOUNT_PART_SERVICES = ['chat', 'calendar', 'telephony', 'notifications', 'voice', 'mail', 'billing'] as const satisfies readonly AccountPartService[];
export type AccountPartName = 'identity' | AccountPartService;
export const ACCOUNT_PARTS: readonly AccountPartName[] = ['identity', ...ACCOUNT_PART_SERVICES];

const isoTime = z.iso.datetime({ offset: true });
const nullableTime = isoTime.nullable();
const text = (max: number) => z.string().max(max);
const id = z.uuid();

// ---- identity (the gateway) ----------------------------------------------------------------------------------
export const profileFile = z.strictObject({
  username: text(64).nullable(),
  email: text(254).nullable(),
  emailVerified: z.boolean(),
  firstName: text(100).nullable(),
  lastName: text(100).nullable(),
  profileImageUrl: text(1000).nullable(),
  themeMode: z.enum(['light', 'dark']),
  themeColor: z.enum(['blue', 'purple', 'green', 'rose']),
  termsAccepted: z.boolean(),
  termsAcceptedAt: nullableTime,
  onboardingCompleted: z.boolean(),
  subscriptionTier: z.enum(['free', 'premium', 'enterprise']),
  /** How the account signed in (the password itself never leaves identity). */
  signIn: z.strictObject({ password: z.boolean(), google: z.boolean() }),
  createdAt: isoTime,
});

// ---- chat --------------------------------------------------------------------------------------------------------
const chatAction = z.strictObject({
  type: z.enum(ACTION_TYPES),
  args: z.record(z.string(), z.unknown()),
  executed: z.boolean().optional(),
});
export const conversationsFile = z.array(
  z.strictObject({
    id,
    title: text(200),
    description: text(20_000).nullable(),
    messageIds: z.array(id).max(10_000),
    isPublic: z.boolean(),
    createdAt: isoTime,
    deletedAt: nullableTime,
  }),
);
export const messagesFile = z.array(
  z.strictObject({
    id,
    role: z.enum(['user', 'assistant']),
    content: text(200_000),
    /** The actions an assistant reply offered, each with its outcome (`executed`: done, failed, absent: pending). */
    actions: z.array(chatAction).max(50),
    feedback: z.enum(['like', 'dislike']).nullable(),
    createdAt: isoTime,
  }),
);
export const memoriesFile = z.array(
  z.strictObject({
    id,
    type: z.enum(['profile', 'episode', 'interaction', 'other']),
    content: text(20_000),
    importance: z.number().int().min(1).max(5),
    tags: z.array(text(200)).max(100),
    createdAt: isoTime,
  }),
);
/** What the pattern analysis reads from the messages today: derived, so it is exported and never imported. */
export const patternsFile = z.strictObject({ patterns: z.array(z.unknown()), insights: z.array(z.unknown()) });
export const twinFile = z
  .strictObject({
    samples: z.array(text(20_000)).max(100),
    facts: text(20_000),
    boundaries: text(20_000),
    profile: z.strictObject({ voice_summary: text(5_000), tone_adjectives: z.array(text(100)).max(50) }).nullable(),
    trainedAt: nullableTime,
  })
  .nullable();
export const personalityAndCareerFile = z
  .strictObject({ personalityId: z.enum(PERSONALITY_IDS), careerId: z.enum(CAREER_IDS) })
  .nullable();
export const shortcutsFile = z.array(
  z.strictObject({
    id,
    name: text(100),
    triggerPhrases: z.array(text(500)).max(50),
    responseTemplate: text(5_000),
    isActive: z.boolean(),
    usageCount: z.number().int().min(0),
    createdAt: isoTime,
  }),
);
/** The Discord servers the user added the operator's bot to: this installation's, never imported. */
export const discordServersFile = z.array(z.strictObject({ guildId: text(25), name: text(100), addedAt: isoTime }));

// ---- calendar ----------------------------------------------------------------------------------------------------
export const remindersFile = z.array(
  z.strictObject({
    id,
    title: text(500),
    whenText: text(200),
    reminderTime: nullableTime,
    done: z.boolean(),
    dueNotifiedAt: nullableTime,
    createdAt: isoTime,
    place: z
      .strictObject({
        placeText: text(200),
        lat: z.number().min(-90).max(90).nullable(),
        lon: z.number().min(-180).max(180).nullable(),
        geocodedName: text(500).nullable(),
      })
      .nullable(),
  }),
);
export const calendarSettingsFile = z.strictObject({
  sync: z
    .strictObject({
      enabled: z.boolean(),
      syncReminders: z.boolean(),
      reminderMinutesBefore: z.number().int().min(0).max(10_080),
      syncCalls: z.boolean(),
      callKeywords: z.array(text(100)).max(50),
      lastSyncAt: nullableTime,
    })
    .nullable(),
  /** The connected Google account, without its token: a new installation asks to connect again. */
  connection: z.strictObject({ googleEmail: text(320).nullable(), scopes: z.array(text(500)).max(50), connectedAt: isoTime }).nullable(),
  syncedEvents: z.array(
    z.strictObject({
      googleEventId: text(1024),
      eventType: z.enum(['reminder', 'call']),
      eventTitle: text(500),
      eventStart: isoTime,
      reminderId: id.nullable(),
      dismissedAt: nullableTime,
    }),
  ),
});
export const bookingLinksFile = z.array(
  z.strictObject({ id, code: text(32), title: text(200), durationMinutes: z.number().int().min(5).max(480), createdAt: isoTime }),
);
export const bookingsFile = z.array(
  z.strictObject({
    id,
    linkId: id,
    startAt: isoTime,
    endAt: isoTime,
    bookerName: text(100),
    bookerEmail: text(254).nullable(),
    createdAt: isoTime,
  }),
);

// ---- telephony ---------------------------------------------------------------------------------------------------
const e164ish = text(32);
export const contactsFile = z.array(
  z.strictObject({ id, name: text(200), phoneNumber: text(20), email: text(320).nullable(), notes: text(20_000).nullable(), createdAt: isoTime }),
);
export const phoneMessagesFile = z.array(
  z.strictObject({
    id,
    callerName: text(200).nullable(),
    callerNumber: e164ish,
    messageType: text(32),
    priority: text(16),
    status: text(16),
    duration: z.number().int().min(0).nullable(),
    transcript: text(200_000).nullable(),
    jarvisResponse: text(200_000).nullable(),
    tags: z.array(text(100)).max(50),
    actionItems: z.array(z.strictObject({ task: text(1_000), completed: z.boolean(), priority: text(16) })).max(50),
    notes: text(20_000).nullable(),
    followUpNeeded: z.boolean(),
    callbackRequested: z.boolean(),
    /** `recordings/<sid>.mp3` in this archive, or null when the call left none or it could not be fetched. */
    recording: text(200).nullable(),
    createdAt: isoTime,
  }),
);
export const callLogsFile = z.array(
  z.strictObject({
    id,
    phoneNumber: text(20),
    scenario: text(32),
    priority: z.enum(['urgent', 'high', 'normal', 'low']),
    status: z.enum(['pending', 'processing', 'completed', 'failed']),
    payload: z.record(z.string(), z.string().max(5_000)),
    scenarioId: id.nullable(),
    scheduledTime: nullableTime,
    opening: text(20_000).nullable(),
    answered: z.boolean(),
    duration: z.number().int().min(0).nullable(),
    errorMessage: text(5_000).nullable(),
    transcript: text(200_000).nullable(),
    recording: text(200).nullable(),
    endedAt: nullableTime,
    createdAt: isoTime,
  }),
);
export const callScenariosFile = z.array(
  z.strictObject({
    id,
    name: text(200),
    description: text(20_000).nullable(),
    scenarioType: z.enum(['good_morning', 'news_briefing', 'check_in', 'bible_verse', 'lottery_update', 'custom']),
    messageTemplate: text(20_000),
    targetPhoneNumber: text(20),
    scheduleEnabled: z.boolean(),
    scheduleCron: text(100).nullable(),
    scheduleTimezone: text(100),
    isActive: z.boolean(),
    lastExecuted: nullableTime,
    createdAt: isoTime,
  }),
);
/** The user's number (this installation's: never imported) and what the phone agent may tell callers. */
export const phoneLineFile = z.strictObject({
  line: z.strictObject({ phoneNumber: text(20), purchased: z.boolean(), createdAt: isoTime }).nullable(),
  callerSharing: z.strictObject({ shareName: z.boolean(), shareAvailability: z.boolean(), shareTwinFacts: z.boolean() }).nullable(),
});

// ---- notifications -----------------------------------------------------------------------------------------------
export const notificationsFile = z.array(
  z.strictObject({
    id,
    type: text(40),
    title: text(200),
    message: text(20_000),
    priority: text(20),
    read: z.boolean(),
    createdAt: isoTime,
  }),
);
export const notificationPreferencesFile = z.strictObject({
  preferences: notificationPreferences.nullable(),
  voiceAlerts: z.strictObject({ enabled: z.boolean(), wakeTime: z.string().regex(/^\d{2}:\d{2}$/) }).nullable(),
  /** Whether the SMS number was proven the user's here: an imported number is verified again before any text. */
  smsNumber: z.strictObject({ phoneNumber: text(16).nullable(), verified: z.boolean() }).nullable(),
  location: z.strictObject({ lat: z.number(), lon: z.number(), locationName: text(200).nullable(), updatedAt: isoTime }).nullable(),
});
export const supportMessagesFile = z.array(
  z.strictObject({ name: text(200), email: text(254), subject: text(300), message: text(20_000), createdAt: isoTime }),
);

// ---- voice, mail, billing ----------------------------------------------------------------------------------------
export const voiceFile = z.strictObject({
  clone: z
    .strictObject({
      status: z.enum(['processing', 'completed', 'failed']),
      enabled: z.boolean(),
      voiceId: text(100).nullable(),
      failureReason: text(5_000).nullable(),
      createdAt: isoTime,
      updatedAt: isoTime,
    })
    .nullable(),
  /** The recorded samples kept until the clone was made: `voice-samples/<n>.<ext>` in this archive. */
  samples: z.array(z.strictObject({ path: text(200), position: z.number().int().min(0).max(20), contentType: text(100) })).max(20),
  usage: z.array(z.strictObject({ month: z.string().regex(/^\d{4}-\d{2}$/), secondsTranscribed: z.number().min(0), charactersSpoken: z.number().int().min(0) })),
});
export const mailFile = z.strictObject({
  connection: z.strictObject({ googleEmail: text(320), scopes: z.array(text(500)).max(50), connectedAt: isoTime }).nullable(),
});
export const subscriptionFile = z.strictObject({
  plan: z.enum(['free', 'premium', 'enterprise']),
  subscriptions: z.array(z.strictObject({ status: text(40), plan: z.enum(['free', 'premium', 'enterprise']), createdAt: isoTime })),
  callUsage: z.array(z.strictObject({ month: z.string().regex(/^\d{4}-\d{2}$/), outgoingCalls: z.number().int().min(0) })),
});

/** Every JSON file of an archive, by owning part: its name in the archive and its schema. */
export const ARCHIVE_FILES = {
  identity: { 'profile.json': profileFile },
  chat: {
    'conversations.json': conversationsFile,
    'messages.json': messagesFile,
    'memories.json': memoriesFile,
    'patterns.json': patternsFile,
    'twin.json': twinFile,
    'personality-and-career.json': personalityAndCareerFile,
    'shortcuts.json': shortcutsFile,
    'discord-servers.json': discordServersFile,
  },
  calendar: {
    'reminders.json': remindersFile,
    'calendar-settings.json': calendarSettingsFile,
    'booking-links.json': bookingLinksFile,
    'bookings.json': bookingsFile,
  },
  telephony: {
    'contacts.json': contactsFile,
    'phone-messages.json': phoneMessagesFile,
    'call-logs.json': callLogsFile,
    'call-scenarios.json': callScenariosFile,
    'phone-line.json': phoneLineFile,
  },
  notifications: {
    'notifications.json': notificationsFile,
    'notification-preferences.json': notificationPreferencesFile,
    'support-messages.json': supportMessagesFile,
  },
  voice: { 'voice.json': voiceFile },
  mail: { 'mail.json': mailFile },
  billing: { 'subscription.json': subscriptionFile },
} as const satisfies Record<AccountPartName, Record<string, z.ZodType>>;

type FilesOf<P extends AccountPartName> = { [F in keyof (typeof ARCHIVE_FILES)[P]]: (typeof ARCHIVE_FILES)[P][F] extends z.ZodType ? z.output<(typeof ARCHIVE_FILES)[P][F]> : never };
/** The parsed JSON files of one part, by file name (`AccountFiles<'calendar'>['reminders.json']`). */
export type AccountFiles<P extends AccountPartName> = FilesOf<P>;

/** The zod schema of one part's files, all required (an archive always carries every file of every part). */
export function accountFilesSchema<P extends AccountPartName>(part: P) {
  return z.strictObject(ARCHIVE_FILES[part] as (typeof ARCHIVE_FILES)[P]);
}

/** A binary file of a part (a recording, a voice sample), fetched one at a time with `<service>.account.exportAttachment`. */
export interface AccountAttachmentRef {
  /** Its path in the archive (`recordings/RE123.mp3`). */
  path: string;
  /** The service's own reference, given back to fetch it. */
  ref: string;
}

/** What a service answers to `<service>.account.export`. */
export interface AccountExportPart<P extends AccountPartService = AccountPartService> {
  files: AccountFiles<P>;
  attachments: AccountAttachmentRef[];
  /** Files that belong in the archive but could not be had (a recording Twilio no longer holds), with why. */
  unavailable: { path: string; reason: string }[];
}

/** What a service answers to `<service>.account.import`: false when this archive was already imported into the account. */
export interface AccountImportResult {
  imported: boolean;
  /** Rows written, by archive file. */
  counts: Record<string, number>;
}

/** One file of the archive in the manifest: its size, its SHA-256 and how many records it holds. */
export const manifestFile = z.strictObject({
  path: text(300),
  bytes: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** Records in a JSON file (1 for an object, 0 for null), 1 for an audio file. */
  count: z.number().int().min(0),
});

export const archiveManifest = z.strictObject({
  format: z.literal('jarvis-account-archive'),
  formatVersion: z.number().int().min(0),
  jarvisVersion: text(50),
  exportId: id,
  userId: id,
  exportedAt: isoTime,
  files: z.array(manifestFile).max(10_000),
  /** What belongs in the archive but is not in it, with why (`recordings/RE1.mp3`: 'Twilio no longer holds it'). */
  unavailable: z.array(z.strictObject({ path: text(300), reason: text(500) })).max(10_000),
});
export type ArchiveManifest = z.output<typeof archiveManifest>;

/**
 * An archive's JSON files as read from the ZIP (path → parsed JSON), upgraded in place from `from` to `from + 1`.
 * Steps run in order from the archive's version to the current one; each sees only what it changes.
 */
export type ArchiveUpgrade = (files: Map<string, unknown>) => void;

/**
 * The upgrade from each older format version. Version 0 (the format of the first exports, before reminders had
 * places and the profile had its name): `user.json` instead of `profile.json`, a reminder's `time` instead of
 * `reminderTime` and no `place`. Version 1 is today's.
 */
export const ARCHIVE_UPGRADES: Record<number, ArchiveUpgrade> = {
  0: (files) => {
    if (files.has('user.json') && !files.has('profile.json')) {
      files.set('profile.json', files.get('user.json'));
      files.delete('user.json');
    }
    const reminders = files.get('reminders.json');
    if (Array.isArray(reminders)) {
      files.set(
        'reminders.json',
        reminders.map((r: Record<string, unknown>) => {
          const { time, ...rest } = r;
          return { place: null, ...rest, reminderTime: rest.reminderTime ?? time ?? null };
        }),
      );
    }
  },
};

/** Runs every upgrade step from `version` to ACCOUNT_ARCHIVE_FORMAT_VERSION; the files' names may change. */
export function upgradeArchive(version: number, files: Map<string, unknown>): void {
  for (let v = version; v < ACCOUNT_ARCHIVE_FORMAT_VERSION; v++) {
    const step = ARCHIVE_UPGRADES[v];
    if (!step) throw new Error(`No upgrade from archive format ${v}`);
    step(files);
  }
}

/** The records a JSON file holds, for the manifest: an array's length, 1 for an object, 0 for null. */
export function recordCount(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  return value === null || value === undefined ? 0 : 1;
}

/** The state of an export (GET /api/account/export/:id). */
export type AccountExportStatus = 'queued' | 'running' | 'completed' | 'failed' | 'expired';
export type AccountPartState = 'pending' | 'done' | 'failed';

export interface AccountExportState {
  id: string;
  status: AccountExportStatus;
  /** 0 to 100. */
  progress: number;
  parts: Record<AccountPartName, AccountPartState>;
  /** A signed link that downloads the archive once (a new one is given after each download), while it is kept. */
  downloadUrl?: string;
  /** When the archive is deleted. */
  expiresAt?: string;
  createdAt: string;
  /** Why it failed. */
  error?: string;
}

export interface AccountImportReply {
  id: string;
  status: 'completed';
  /** Per part: 'imported', or 'already imported' when this archive had been imported into the account before. */
  parts: Record<AccountPartName, 'imported' | 'already imported'>;
  counts: Record<string, number>;
}
