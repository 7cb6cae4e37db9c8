import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { ConflictError, ForbiddenError, internalApi, NotFoundError, PlanRequiredError, type RequestContext } from '@jarvis/contracts';
import { EventBus, RpcClient, runOnce } from '@jarvis/platform';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { TELEPHONY_CONFIG, type TelephonyConfig } from '../config/telephony.config';
import { CallerSharingService } from '../owner/caller-sharing.service';
import { TelephonyProvider, type NumberWebhooks } from '../twilio/telephony.provider';
import { twilioWebhookUrl } from '../twilio/twilio-webhook';
import { PhoneLinesRepository } from './phone-lines.repository';
import type { EntityManager } from 'typeorm';
import type { PhoneLineEntity } from './entities/phone-line.entity';

/** What a user hears when the number typed is not one the operator offers. */
/** How many free offered numbers the phone line card lists. */
const OFFERED_SHOWN = 6;

export const NOT_CLAIMABLE = 'That number is not offered on this Jarvis. Choose one of the numbers the operator offers, or get a new number.';

@Injectable()
export class PhoneLinesService implements OnApplicationBootstrap {
  private readonly logger = new Logger(PhoneLinesService.name);

  constructor(
    private readonly lines: PhoneLinesRepository,
    private readonly twilio: TelephonyProvider,
    private readonly events: EventBus,
    private readonly rpc: RpcClient,
    private readonly dataSource: DataSource,
    private readonly sharing: CallerSharingService,
    @Inject(TELEPHONY_CONFIG) private readonly config: TelephonyConfig,
  ) {}

  async onApplicationBootstrap() {
    // Webhooks carry no user context: the line keeps its owner's plan, which decides voicemail or conversation.
    await this.events.subscribe('evt.billing.tier.changed', 'telephony-tier-changed', async (event) => {
      await runOnce(this.dataSource, 'telephony', 'telephony-tier-changed', event.id, (manager) =>
        this.lines.setTier(event.data.userId, event.data.tier, manager),
      );
    });
    if (this.config.TWILIO_PHONE_NUMBER && this.config.TWILIO_PHONE_OWNER) void this.assignConfiguredLine();
  }

  /**
   * A one-person install: TWILIO_PHONE_NUMBER becomes TWILIO_PHONE_OWNER's line. Users live in the gateway, which
   * may start after us, so the username is looked up a few times in the background; start-up never waits for it.
   */
  async assignConfiguredLine(attempts = 10, delayMs = 3_000): Promise<boolean> {
    const phoneNumber = this.config.TWILIO_PHONE_NUMBER!;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        const owner = await this.rpc.call(
          internalApi.identity.findUser, { username: this.config.TWILIO_PHONE_OWNER! }, { userId: null, tier: 'free', requestId: `telephony-start-${randomUUID()}` },
        );
        const held = await this.lines.findByNumber(phoneNumber);
        if (held) return held.userId === owner.id;
        await this.take({ userId: owner.id, tier: owner.tier, requestId: `telephony-start-${randomUUID()}` }, phoneNumber);
        this.logger.log(`${phoneNumber} is now the phone line of ${this.config.TWILIO_PHONE_OWNER}`);
        return true;
      } catch (error) {
        if (attempt === attempts) {
          this.logger.warn(`Could not give ${phoneNumber} to ${this.config.TWILIO_PHONE_OWNER}: ${(error as Error).message}`);
          return false;
        }
        await new Promise((resolve) => setTimeout(resolve, delayMs).unref());
      }
    }
    return false;
  }

  /** The webhook URLs under PUBLIC_URL that a line's number points at. */
  webhooks(): NumberWebhooks {
    const url = (path: string) => twilioWebhookUrl(this.config.PUBLIC_URL, path);
    return { voiceUrl: url('/voice'), statusCallback: url('/status'), smsUrl: url('/sms') };
  }

  /** The line a call or text reached (webhooks know the number only), with its owner and plan; null for a number of nobody. */
  findByNumber(phoneNumber: string) {
    return this.lines.findByNumber(phoneNumber);
  }

  /** The number a user's calls and texts come from: their own line's, else the install's TWILIO_PHONE_NUMBER. */
  async callerNumber(userId: string): Promise<string | undefined> {
    return (await this.lines.findForUser(userId))?.phoneNumber ?? this.config.TWILIO_PHONE_NUMBER;
  }

  async get(ctx: RequestContext) {
    const line = await this.lines.findForUser(ctx.userId!);
    if (line && line.tier !== ctx.tier) await this.lines.setTier(ctx.userId!, ctx.tier);
    return {
      phoneNumber: line?.phoneNumber ?? null,
      sharing: await this.sharing.forUser(ctx.userId!),
      offeredNumbers: line ? [] : await this.offeredNumbers(),
    };
  }

  /** The numbers the operator offers that no line holds yet, the first OFFERED_SHOWN of them. */
  private async offeredNumbers(): Promise<string[]> {
    const offered = this.config.TWILIO_CLAIMABLE_NUMBERS.filter((n) => n !== this.config.TWILIO_PHONE_NUMBER);
    if (offered.length === 0) return [];
    const held = new Set(await this.lines.heldAmong(offered));
    return offered.filter((n) => !held.has(n)).slice(0, OFFERED_SHOWN);
  }

  /**
   * A user claims a line: one of the numbers the operator offers (TWILIO_CLAIMABLE_NUMBERS, any plan), or a new number
   * bought for them (premium and enterprise). Any other number, TWILIO_PHONE_NUMBER above all, is refused before
   * Twilio is asked anything: no one points another's number at their own account.
   */
  async claim(ctx: RequestContext, phoneNumber: string | undefined) {
    if (phoneNumber && (phoneNumber === this.config.TWILIO_PHONE_NUMBER || !this.config.TWILIO_CLAIMABLE_NUMBERS.includes(phoneNumber))) {
      throw new ForbiddenError(NOT_CLAIMABLE);
    }
    return this.take(ctx, phoneNumber);
  }

  /** Claims `phoneNumber` of the Twilio account (checked by the caller), or buys one without it. */
  private async take(ctx: RequestContext, phoneNumber: string | undefined) {
    const userId = ctx.userId!;
    const current = await this.lines.findForUser(userId);
    if (current && current.phoneNumber === phoneNumber) return { phoneNumber: current.phoneNumber };
    if (current) throw new ConflictError('You already have a phone line; release it first');
    if (phoneNumber) {
      if (await this.lines.findByNumber(phoneNumber)) throw new ConflictError('That number already belongs to a phone line');
      const found = await this.twilio.findIncomingNumber(phoneNumber);
      if (!found) throw new NotFoundError('Phone number');
      if (!(await this.lines.claim({ userId, phoneNumber: found.phoneNumber, twilioSid: found.sid, purchased: false, tier: ctx.tier }))) {
        throw new ConflictError('That number already belongs to a phone line');
      }
      await this.twilio.configureNumber(found.sid, this.webhooks());
      return { phoneNumber: found.phoneNumber };
    }
    if (ctx.tier === 'free') throw new PlanRequiredError('A new phone number needs the premium plan', 'premium');
    const bought = await this.twilio.buyNumber(this.webhooks());
    if (!(await this.lines.claim({ userId, phoneNumber: bought.phoneNumber, twilioSid: bought.sid, purchased: true, tier: ctx.tier }))) {
      await this.twilio.releaseNumber(bought.sid);
      throw new ConflictError('You already have a phone line; release it first');
    }
    return { phoneNumber: bought.phoneNumber };
  }

  async release(userId: string) {
    const line = await this.lines.findForUser(userId);
    if (!line) throw new NotFoundError('Phone line');
    if (line.purchased) await this.twilio.releaseNumber(line.twilioSid);
    await this.lines.remove(userId);
    return { success: true as const };
  }

  /** Account lifecycle (issue 22): the user's line (this installation's number: exported, never imported). */
  accountRow(userId: string): Promise<PhoneLineEntity | null> {
    return this.lines.findForUser(userId);
  }

  /**
   * A deleted account's line: a number bought for it is released at Twilio (one released already is no error), a
   * claimed number of the operator's simply stops being the user's.
   */
  async releaseForErasure(userId: string) {
    const line = await this.lines.findForUser(userId);
    if (line?.purchased) {
      await this.twilio.releaseNumber(line.twilioSid).catch((error: unknown) => {
        if (error instanceof NotFoundError) return;
        throw error;
      });
    }
  }

  eraseAccountRows(manager: EntityManager, userId: string) {
    return this.lines.eraseUser(manager, userId);
  }
}
