import { Injectable } from '@nestjs/common';
import type { AccountExportPart, AccountFiles, AccountImportResult } from '@jarvis/contracts';
import { eraseArchiveImports, recordArchiveImport } from '@jarvis/platform';
import { DataSource } from 'typeorm';
import { extensionOf } from '../audio/audio-format';
import { VoiceClonesService } from '../cloning/voice-clones.service';
import { UsageService } from '../usage/usage.service';

/**
 * Voice's part of a user's archive (issue 22): the cloned voice (its status, whether it speaks, ElevenLabs' voice
 * id), the recorded samples kept for it as audio files (`voice-samples/`), and the monthly usage counters. A voice is
 * held by this installation's ElevenLabs account and counters are this installation's, so nothing of voice is
 * imported (cloning again from the user's samples makes a voice on the new installation). Erasing deletes every voice
 * of the user at ElevenLabs (the clone's joins the retired ones; what fails now is retried by the delete job) and
 * every row.
 */
@Injectable()
export class VoiceAccountService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clones: VoiceClonesService,
    private readonly usage: UsageService,
  ) {}

  async export(userId: string): Promise<AccountExportPart<'voice'>> {
    const [{ clone, samples }, usage] = await Promise.all([this.clones.accountRows(userId), this.usage.accountRows(userId)]);
    const pathOf = (s: { position: number; contentType: string }) => `voice-samples/sample-${s.position + 1}.${extensionOf(s.contentType)}`;
    const files: AccountFiles<'voice'> = {
      'voice.json': {
        clone: clone && {
          status: clone.status, enabled: clone.enabled, voiceId: clone.voiceId, failureReason: clone.failureReason,
          createdAt: clone.createdAt.toISOString(), updatedAt: clone.updatedAt.toISOString(),
        },
        samples: samples.map((s) => ({ path: pathOf(s), position: s.position, contentType: s.contentType })),
        usage: usage.map((u) => ({ month: u.month, secondsTranscribed: u.secondsTranscribed, charactersSpoken: u.charactersSpoken })),
      },
    };
    return { files, attachments: samples.map((s) => ({ path: pathOf(s), ref: s.id })), unavailable: [] };
  }

  attachment(userId: string, sampleId: string) {
    return this.clones.sampleAudio(userId, sampleId);
  }

  /** Nothing of voice comes across (see above); the archive is recorded, so a second import says so. */
  async import(userId: string, archiveKey: string): Promise<AccountImportResult> {
    return this.dataSource.transaction(async (manager): Promise<AccountImportResult> => {
      const imported = await recordArchiveImport(manager, 'voice', userId, archiveKey);
      return { imported, counts: {} };
    });
  }

  async erase(userId: string): Promise<{ done: boolean }> {
    const voices = await this.clones.eraseVoices(userId);
    await this.dataSource.transaction(async (manager) => {
      await this.usage.eraseAccountRows(manager, userId);
      await eraseArchiveImports(manager, 'voice', userId);
    });
    return voices;
  }
}
