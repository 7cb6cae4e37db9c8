/**
 * Stand-ins for the services telephony asks over NATS (billing's call allowance, the gateway's identity,
 * notifications' location, chat's weather and web search), answering on the test run's prefix with the same
 * declarations, so telephony's own RPC client and error handling are what the tests exercise.
 */
import { Controller, Inject, Module } from '@nestjs/common';
import {
  api,
  type CallReservation,
  DomainError,
  ErrorKind,
  internalApi,
  NotFoundError,
  PlanRequiredError,
  ProviderUnavailableError,
  type Tier,
  type UserProfile,
} from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { startNatsService } from '@jarvis/testing';

export interface NeighboursState {
  /** Outgoing calls used, by `<userId>|<month>`. */
  used: Map<string, number>;
  releases: { userId: string; month: string }[];
  profiles: Map<string, Omit<UserProfile, 'id' | 'emailVerified'> & { emailVerified?: boolean }>;
  locations: Map<string, string>;
  /** Unset: chat answers 503 as without OPENWEATHER_API_KEY / PERPLEXITY_API_KEY. */
  weather?: { temperature: number; description: string };
  news?: string;
}

const LIMITS: Record<Tier, number | 'unlimited'> = { free: 0, premium: 5, enterprise: 'unlimited' };
const STATE = Symbol('NEIGHBOURS_STATE');

export function billingMonthNow(): string {
  return new Date().toLocaleDateString('en-CA', { timeZone: 'America/New_York' }).slice(0, 7);
}

@Controller()
class NeighboursHandler {
  constructor(@Inject(STATE) private readonly state: NeighboursState) {}

  /** As billing: atomic (one event loop), 402 on free and past the month's limit. */
  @Handles(internalApi.billing.reserveCall)
  reserve({ ctx }: HandlerInput<typeof internalApi.billing.reserveCall>): CallReservation {
    const limit = LIMITS[ctx.tier];
    if (limit === 0) throw new PlanRequiredError('Outgoing calls require a Premium or Enterprise plan', 'premium');
    const month = billingMonthNow();
    const key = `${ctx.userId}|${month}`;
    const used = this.state.used.get(key) ?? 0;
    if (limit !== 'unlimited' && used >= limit) {
      throw new DomainError(ErrorKind.PlanRequired, `Monthly outgoing call limit reached (${limit} of ${limit})`, {
        code: 'CALL_LIMIT_REACHED', details: { requiresUpgrade: true, requiredTier: 'enterprise' },
      });
    }
    this.state.used.set(key, used + 1);
    return { month, outgoingCallsThisMonth: used + 1, limit };
  }

  @Handles(internalApi.billing.releaseCall)
  release({ ctx, data }: HandlerInput<typeof internalApi.billing.releaseCall>) {
    const month = data.month ?? billingMonthNow();
    const key = `${ctx.userId}|${month}`;
    const used = this.state.used.get(key) ?? 0;
    this.state.releases.push({ userId: ctx.userId, month });
    if (used > 0) this.state.used.set(key, used - 1);
    return { released: used > 0 };
  }

  @Handles(internalApi.identity.userProfile)
  profile({ data }: HandlerInput<typeof internalApi.identity.userProfile>): UserProfile {
    const profile = this.state.profiles.get(data.userId);
    if (!profile) throw new NotFoundError('User');
    return { id: data.userId, emailVerified: false, ...profile };
  }

  @Handles(api.notifications.getLocation)
  location({ ctx }: HandlerInput<typeof api.notifications.getLocation>) {
    const name = this.state.locations.get(ctx.userId);
    return name ? { hasLocation: true, lat: 0, lon: 0, locationName: name } : { hasLocation: false };
  }

  @Handles(api.chat.weather)
  weather({ data }: HandlerInput<typeof api.chat.weather>) {
    if (!this.state.weather) throw new ProviderUnavailableError('OpenWeatherMap', ['OPENWEATHER_API_KEY']);
    return { location: data.location, windSpeed: 3, humidity: 50, ...this.state.weather };
  }

  @Handles(api.chat.webSearch)
  search() {
    if (!this.state.news) throw new ProviderUnavailableError('Perplexity', ['PERPLEXITY_API_KEY']);
    return { text: this.state.news, citations: [] };
  }
}

/** Starts the stand-ins on the run's NATS prefix; `state` is the test's to read and change. */
export async function startNeighbours(natsUrl: string, prefix: string) {
  const state: NeighboursState = { used: new Map(), releases: [], profiles: new Map(), locations: new Map() };
  @Module({ controllers: [NeighboursHandler], providers: [{ provide: STATE, useValue: state }] })
  class NeighboursModule {}
  const service = await startNatsService(NeighboursModule, { natsUrl, prefix, queue: 'neighbours' });
  return Object.assign(state, { close: () => service.close() });
}
