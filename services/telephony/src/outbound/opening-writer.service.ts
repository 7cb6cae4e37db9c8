import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable, Logger } from '@nestjs/common';
import { TemplateVariablesService } from '../call-content/template-variables.service';
import { ConversationModel } from '../conversation/conversation-model.provider';
import { OwnerContextService } from '../owner/owner-context.service';
import { fixedOpening } from './call-openings';
import type { CallLogEntity } from './entities/call-log.entity';
import { isManualKind, OPENING_BRIEFS, OPENING_TIMEOUT_MS, OUTBOUND_SYSTEM_PROMPT } from './outbound.constants';

/** What the assistant says first on an outbound call, written when the call is placed. */
@Injectable()
export class OpeningWriter {
  private readonly logger = new Logger(OpeningWriter.name);

  constructor(
    private readonly model: ConversationModel,
    private readonly owner: OwnerContextService,
    private readonly variables: TemplateVariablesService,
  ) {}

  /**
   * The opening: a scenario's template filled now (the owner's own words); the model's words for a manual kind, from
   * what the owner typed for this call and their name if they share it; the fixed script offline.
   */
  async write(log: CallLogEntity): Promise<string> {
    if (!isManualKind(log.scenario)) {
      return this.variables.fill(log.payload.template ?? '', log.userId);
    }
    // The person called hears the owner's name only when the owner shares it with callers (the phone line card).
    const firstName = await this.owner.sharedFirstName(log.userId);
    const script = fixedOpening(log.scenario, log.payload, firstName);
    if (!this.model.configured) return script;
    const details = Object.entries(log.payload).map(([k, v]) => `${k}: ${v}`).join('\n');
    try {
      const written = await Promise.race([
        this.model.reply([
          {
            role: 'system',
            content:
              `${OUTBOUND_SYSTEM_PROMPT}\n${OPENING_BRIEFS[log.scenario]}\n` +
              'Write only the words you will say when the person answers: two to four short sentences, introducing ' +
              `yourself as Jarvis, an automated assistant${firstName ? ` calling for ${firstName}` : ''}.`,
          },
          { role: 'user', content: `The call's details:\n${details || '(none)'}` },
        ]),
        sleep(OPENING_TIMEOUT_MS).then(() => ''),
      ]);
      return written.trim() || script;
    } catch (error) {
      this.logger.warn(`The model wrote no opening for call ${log.id}: ${(error as Error).message}`);
      return script;
    }
  }
}
