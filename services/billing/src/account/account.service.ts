import { Injectable } from '@nestjs/common';
import type { AccountExportPart, AccountImportResult, Tier } from '@jarvis/contracts';
import { eraseArchiveImports, recordArchiveImport } from '@jarvis/platform';
import { DataSource } from 'typeorm';
import { AllowanceService } from '../allowance/allowance.service';
import { StripeService } from '../stripe/stripe.service';

/**
 * Billing's part of a user's archive (issue 22): the plan, the subscriptions as billing last knew them (status,
 * plan, start; never a card, which only Stripe holds) and the outgoing calls counted each month. A plan is paid at
 * this installation's Stripe account: nothing is imported. Erasing cancels every running subscription at Stripe at
 * once (the customer and its invoices stay with Stripe, as the law requires) and removes every row; the customer
 * is remembered as erased (without the user's id), so Stripe's later webhooks about it make nothing again.
 */
@Injectable()
export class BillingAccountService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly stripe: StripeService,
    private readonly allowance: AllowanceService,
  ) {}

  async export(userId: string): Promise<AccountExportPart<'billing'>> {
    const [{ plan, subscriptions }, usage] = await Promise.all([this.stripe.accountRows(userId), this.allowance.accountRows(userId)]);
    return {
      files: {
        'subscription.json': {
          plan: plan as Tier,
          subscriptions: subscriptions.map((s) => ({ status: s.status, plan: s.tier, createdAt: s.subscriptionCreatedAt.toISOString() })),
          callUsage: usage.map((u) => ({ month: u.month, outgoingCalls: u.outgoingCalls })),
        },
      },
      attachments: [],
      unavailable: [],
    };
  }

  async import(userId: string, archiveKey: string): Promise<AccountImportResult> {
    return this.dataSource.transaction(async (manager): Promise<AccountImportResult> => ({
      imported: await recordArchiveImport(manager, 'billing', userId, archiveKey),
      counts: {},
    }));
  }

  /** Stripe first (a failure throws before any row goes, so the next try still knows the subscriptions), then every row. */
  async erase(userId: string): Promise<{ done: boolean }> {
    await this.stripe.cancelForErasure(userId);
    await this.dataSource.transaction(async (manager) => {
      await this.stripe.eraseAccountRows(manager, userId);
      await this.allowance.eraseAccountRows(manager, userId);
      await eraseArchiveImports(manager, 'billing', userId);
    });
    return { done: true };
  }
}
