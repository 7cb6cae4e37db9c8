import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CallLog, CallScenario, QueuedCall } from '@jarvis/contracts';
import { api } from '../../api/routes';
import {
  answer,
  failure,
  renderWithProviders,
  routeFetch,
  testUser,
  type FakeRoutes,
} from '../../test/render';
import { OutboundCallsSection } from './OutboundCallsSection';

afterEach(() => {
  vi.unstubAllGlobals();
});

const premium = { ...testUser, subscriptionTier: 'premium' as const };

function log(overrides: Partial<CallLog> = {}): CallLog {
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    phoneNumber: '+15551234567',
    scenario: 'bill_collector',
    status: 'completed',
    errorMessage: null,
    transcript: 'Jarvis: Hello, this is a reminder from Acme.',
    recordingUrl: null,
    callSid: 'CA0123456789abcdef',
    duration: 95,
    createdAt: '2026-11-20T15:00:00.000Z',
    ...overrides,
  };
}

function queued(overrides: Partial<QueuedCall> = {}): QueuedCall {
  return {
    id: '00000000-0000-4000-8000-0000000000b1',
    phoneNumber: '+15557654321',
    scenario: 'spam_block',
    priority: 'urgent',
    status: 'pending',
    createdAt: '2026-11-20T15:00:00.000Z',
    ...overrides,
  };
}

function scenario(overrides: Partial<CallScenario> = {}): CallScenario {
  return {
    id: '00000000-0000-4000-8000-0000000000c1',
    name: 'Morning call',
    description: null,
    scenario_type: 'good_morning',
    message_template: 'Good morning {{firstName}}!',
    target_phone_number: '+15551234567',
    schedule_enabled: true,
    schedule_cron: '0 8 * * *',
    schedule_timezone: 'America/New_York',
    is_active: true,
    last_executed: null,
    ...overrides,
  };
}

function fakeApi(routes: FakeRoutes = {}) {
  const fake = routeFetch({
    ...answer(api.telephony.callQueue, { queue: [queued()], totalQueued: 1, isProcessing: false }),
    ...answer(api.telephony.callLogs, [log()]),
    ...answer(api.billing.callUsage, { outgoingCallsThisMonth: 2, limit: 5 }),
    ...answer(api.telephony.scenarios, { scenarios: [] }),
    ...routes,
  });
  vi.stubGlobal('fetch', vi.fn(fake.fetch));
  return fake;
}

const posts = (fake: ReturnType<typeof routeFetch>, path: string) =>
  fake.calls.filter((call) => call.method === 'POST' && call.path === path);

describe('Outbound Calls, Manual Calls', () => {
  it("on the free plan disables the form, warns and offers 'Upgrade to Make Calls' without asking for usage", async () => {
    const fake = fakeApi();
    renderWithProviders(<OutboundCallsSection user={testUser} />, { user: testUser });
    expect(await screen.findByRole('link', { name: 'Upgrade to Make Calls' })).toHaveAttribute(
      'href',
      '/account',
    );
    expect(screen.getByTestId('free-plan-warning')).toHaveTextContent('not included in the Free plan');
    expect(screen.getByLabelText('Phone Number')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Queue Call' })).toBeNull();
    await screen.findByTestId('total-queued');
    expect(fake.calls.some((call) => call.path === api.billing.callUsage.path)).toBe(false);
  });

  it('shows the queue status, the usage, pending calls with their priority and recent logs', async () => {
    fakeApi();
    renderWithProviders(<OutboundCallsSection user={premium} />, { user: premium });
    await waitFor(() => expect(screen.getByTestId('total-queued')).toHaveTextContent('1'));
    expect(screen.getByTestId('queue-processing')).toHaveTextContent('No');
    expect(await screen.findByText('2 of 5 calls used this month')).toBeInTheDocument();
    const pending = await screen.findByTestId('pending-call');
    expect(within(pending).getByTestId('priority-badge')).toHaveTextContent('urgent');
    expect(within(pending).getByText('(555) 765-4321', { exact: false })).toBeInTheDocument();
    expect(await screen.findAllByTestId('call-log')).toHaveLength(1);
  });

  it('shows only the first 10 logs', async () => {
    const many = Array.from({ length: 12 }, (_, i) =>
      log({ id: `00000000-0000-4000-8000-0000000001${String(i).padStart(2, '0')}` }),
    );
    fakeApi(answer(api.telephony.callLogs, many));
    renderWithProviders(<OutboundCallsSection user={premium} />, { user: premium });
    await waitFor(() => expect(screen.getAllByTestId('call-log')).toHaveLength(10));
  });

  it('checks the form before sending and names the missing fields', async () => {
    const fake = fakeApi();
    const user = userEvent.setup();
    renderWithProviders(<OutboundCallsSection user={premium} />, { user: premium });
    await user.click(await screen.findByRole('button', { name: 'Queue Call' }));
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    expect(screen.getByText('Client name is required')).toBeInTheDocument();
    expect(screen.getByText('Amount is required')).toBeInTheDocument();
    expect(posts(fake, api.telephony.billCollectorCall.path)).toHaveLength(0);
  });

  it("queues a bill collector call and says 'Call Queued'", async () => {
    const fake = fakeApi(answer(api.telephony.billCollectorCall, { success: true, callId: 'x' }));
    const user = userEvent.setup();
    renderWithProviders(<OutboundCallsSection user={premium} />, { user: premium });
    await user.type(await screen.findByLabelText('Phone Number'), '+15551234567');
    await user.type(screen.getByLabelText('Client Name'), 'Ann Lee');
    await user.type(screen.getByLabelText('Client E-mail'), 'ann@example.com');
    await user.type(screen.getByLabelText('Company'), 'Acme');
    await user.type(screen.getByLabelText('Account Number'), 'A-1');
    await user.type(screen.getByLabelText('Amount'), '150');
    await user.click(screen.getByRole('button', { name: 'Queue Call' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Call Queued');
    expect(toast).toHaveTextContent('Your outbound call has been queued successfully.');
    expect(posts(fake, api.telephony.billCollectorCall.path).map((call) => call.body)).toEqual([
      {
        phoneNumber: '+15551234567',
        clientName: 'Ann Lee',
        clientEmail: 'ann@example.com',
        companyName: 'Acme',
        accountNumber: 'A-1',
        amount: '150',
      },
    ]);
    await waitFor(() => expect(screen.getByLabelText('Phone Number')).toHaveValue(''));
  });

  it("shows the server's refusal as an 'Error' toast and keeps what was typed", async () => {
    fakeApi(
      failure(api.telephony.missedCallReturn, 402, {
        error: 'Monthly outgoing call limit reached (5 of 5)',
        code: 'PLAN_REQUIRED',
        requiresUpgrade: true,
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<OutboundCallsSection user={premium} />, { user: premium });
    await user.click(await screen.findByLabelText('Call Type'));
    await user.click(screen.getByRole('option', { name: 'Missed Call Return' }));
    await user.type(screen.getByLabelText('Phone Number'), '+15551234567');
    await user.click(screen.getByRole('button', { name: 'Queue Call' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('Monthly outgoing call limit reached (5 of 5)');
    expect(screen.getByLabelText('Phone Number')).toHaveValue('+15551234567');
  });

  it('opens Call Details with duration, the 8-character id and the transcript, and deletes the call', async () => {
    const fake = fakeApi(
      answer(api.telephony.deleteCallLog, { success: true }, { params: { id: log().id } }),
    );
    const user = userEvent.setup();
    renderWithProviders(<OutboundCallsSection user={premium} />, { user: premium });
    await user.click(within(await screen.findByTestId('call-log')).getByRole('button'));
    const dialog = await screen.findByRole('dialog', { name: 'Call Details' });
    expect(within(dialog).getByText('1m 35s')).toBeInTheDocument();
    expect(within(dialog).getByTestId('call-id')).toHaveTextContent(/^CA012345$/);
    expect(within(dialog).getByTestId('call-transcript')).toHaveTextContent('reminder from Acme');
    expect(within(dialog).queryByTestId('no-recording-note')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Delete Call' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Call Deleted');
    expect(fake.calls.some((call) => call.method === 'DELETE' && call.path.endsWith(log().id))).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("notes a completed call without recording or transcript, and shows a failed call's error", async () => {
    fakeApi(
      answer(api.telephony.callLogs, [
        log({ transcript: null }),
        log({
          id: '00000000-0000-4000-8000-0000000000a2',
          status: 'failed',
          errorMessage: 'busy',
          transcript: null,
        }),
      ]),
    );
    const user = userEvent.setup();
    renderWithProviders(<OutboundCallsSection user={premium} />, { user: premium });
    const [completed, failed] = await screen.findAllByTestId('call-log');
    await user.click(within(completed).getByRole('button'));
    expect(await screen.findByTestId('no-recording-note')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(within(failed).getByRole('button'));
    expect(await screen.findByTestId('call-error')).toHaveTextContent('busy');
    expect(screen.queryByTestId('no-recording-note')).toBeNull();
  });
});

describe('Outbound Calls, Automated Scenarios', () => {
  it('shows the empty state', async () => {
    fakeApi();
    const user = userEvent.setup();
    renderWithProviders(<OutboundCallsSection user={premium} />, { user: premium });
    await user.click(screen.getByRole('tab', { name: 'Automated Scenarios' }));
    expect(
      await screen.findByText('No call scenarios yet. Create your first automated call scenario!'),
    ).toBeInTheDocument();
  });

  it('shows the Inactive and scheduled badges, and Run is disabled on an inactive scenario', async () => {
    fakeApi(
      answer(api.telephony.scenarios, {
        scenarios: [
          scenario(),
          scenario({
            id: '00000000-0000-4000-8000-0000000000c2',
            name: 'Paused',
            is_active: false,
            schedule_enabled: false,
          }),
        ],
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<OutboundCallsSection user={premium} />, { user: premium });
    await user.click(screen.getByRole('tab', { name: 'Automated Scenarios' }));
    const [active, inactive] = await screen.findAllByTestId('scenario-card');
    expect(within(active).getByTestId('scheduled-badge')).toHaveTextContent('Every day at 8:00 AM');
    expect(within(active).getByRole('button', { name: 'Run' })).toBeEnabled();
    expect(within(inactive).getByTestId('inactive-badge')).toHaveTextContent('Inactive');
    expect(within(inactive).getByRole('button', { name: 'Run' })).toBeDisabled();
    expect(within(inactive).queryByTestId('scheduled-badge')).toBeNull();
  });

  it("runs a scenario: 'Call Queued'", async () => {
    const fake = fakeApi({
      ...answer(api.telephony.scenarios, { scenarios: [scenario()] }),
      ...answer(
        api.telephony.executeScenario,
        { success: true, callId: 'x' },
        { params: { id: scenario().id } },
      ),
    });
    const user = userEvent.setup();
    renderWithProviders(<OutboundCallsSection user={premium} />, { user: premium });
    await user.click(screen.getByRole('tab', { name: 'Automated Scenarios' }));
    await user.click(within(await screen.findByTestId('scenario-card')).getByRole('button', { name: 'Run' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Call Queued');
    expect(posts(fake, `/api/call-scenarios/${scenario().id}/execute`)).toHaveLength(1);
  });

  it('creates a scenario from a template, with the cron field only when scheduling', async () => {
    const fake = fakeApi(answer(api.telephony.createScenario, scenario()));
    const user = userEvent.setup();
    renderWithProviders(<OutboundCallsSection user={premium} />, { user: premium });
    await user.click(screen.getByRole('tab', { name: 'Automated Scenarios' }));
    await user.click(await screen.findByRole('button', { name: 'New Scenario' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Scenario' });
    expect(within(dialog).getByLabelText(/Message Template/)).toHaveValue(
      'Good morning {{firstName}}! It is {{time}} on {{date}}. {{weather}} Have a wonderful day!',
    );
    expect(within(dialog).queryByLabelText('Schedule (cron)')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Create Scenario' }));
    expect(within(dialog).getByText('Target phone number is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Target Phone Number/), '+15551234567');
    await user.click(within(dialog).getByLabelText('Run on a schedule'));
    const cron = within(dialog).getByLabelText('Schedule (cron)');
    expect(cron).toHaveValue('0 8 * * *');
    await user.clear(cron);
    await user.type(cron, 'every morning');
    await user.click(within(dialog).getByRole('button', { name: 'Create Scenario' }));
    expect(within(dialog).getByText('Invalid cron expression')).toBeInTheDocument();
    await user.clear(cron);
    await user.type(cron, '0 9 * * 1-5');
    await user.click(within(dialog).getByRole('button', { name: 'Create Scenario' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Scenario Created');
    expect(posts(fake, api.telephony.createScenario.path).map((call) => call.body)).toEqual([
      {
        name: 'Good morning call',
        description: null,
        scenario_type: 'good_morning',
        message_template:
          'Good morning {{firstName}}! It is {{time}} on {{date}}. {{weather}} Have a wonderful day!',
        target_phone_number: '+15551234567',
        schedule_enabled: true,
        schedule_cron: '0 9 * * 1-5',
        schedule_timezone: 'America/New_York',
        is_active: true,
      },
    ]);
  });

  it("shows what the server refuses: the 15-minute rule under the cron, a plan without schedules with 'See plans', the limit of scenarios on update", async () => {
    const TOO_FREQUENT = 'Schedules must be at least 15 minutes apart';
    const answers = [
      {
        status: 400,
        body: { error: TOO_FREQUENT, code: 'VALIDATION', fields: { schedule_cron: [TOO_FREQUENT] } },
      },
      {
        status: 402,
        body: {
          error: 'Scheduled calls need the Premium or Enterprise plan',
          code: 'PLAN_REQUIRED',
          requiresUpgrade: true,
          requiredTier: 'premium',
        },
      },
    ];
    const fake = fakeApi({
      ...answer(api.telephony.scenarios, { scenarios: [scenario()] }),
      [`POST ${api.telephony.createScenario.path}`]: () => answers.shift()!,
      ...failure(
        api.telephony.updateScenario,
        409,
        { error: 'You can have at most 20 call scenarios. Delete one to add another.', code: 'CONFLICT' },
        { params: { id: scenario().id } },
      ),
    });
    const user = userEvent.setup();
    renderWithProviders(<OutboundCallsSection user={testUser} />, { user: testUser });
    await user.click(screen.getByRole('tab', { name: 'Automated Scenarios' }));
    await user.click(await screen.findByRole('button', { name: 'New Scenario' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Scenario' });
    await user.type(within(dialog).getByLabelText(/Target Phone Number/), '+15551234567');
    await user.click(within(dialog).getByLabelText('Run on a schedule'));
    const cron = within(dialog).getByLabelText('Schedule (cron)');
    await user.clear(cron);
    await user.type(cron, '*/5 * * * *');
    await user.click(within(dialog).getByRole('button', { name: 'Create Scenario' }));
    expect(await within(dialog).findByText(TOO_FREQUENT)).toBeInTheDocument();
    expect(cron).toHaveAccessibleDescription(TOO_FREQUENT);

    await user.clear(cron);
    await user.type(cron, '0 8 * * *');
    await user.click(within(dialog).getByRole('button', { name: 'Create Scenario' }));
    const refused = await within(dialog).findByTestId('scenario-error');
    expect(refused).toHaveTextContent('Scheduled calls need the Premium or Enterprise plan');
    expect(within(refused).getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/account');
    expect(screen.getByRole('dialog', { name: 'Create Scenario' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    // Editing shows no error toast (doc3), so the dialog says it.
    await user.click(
      within(await screen.findByTestId('scenario-card')).getByRole('button', { name: 'Edit' }),
    );
    const edit = await screen.findByRole('dialog', { name: 'Edit Scenario' });
    await user.click(within(edit).getByRole('button', { name: 'Save Changes' }));
    expect(await within(edit).findByTestId('scenario-error')).toHaveTextContent(
      'You can have at most 20 call scenarios',
    );
    expect(posts(fake, api.telephony.createScenario.path)).toHaveLength(2);
  });

  it("deletes a scenario after asking: 'Scenario Deleted'", async () => {
    const fake = fakeApi({
      ...answer(api.telephony.scenarios, { scenarios: [scenario()] }),
      ...answer(api.telephony.deleteScenario, { success: true }, { params: { id: scenario().id } }),
    });
    const user = userEvent.setup();
    renderWithProviders(<OutboundCallsSection user={premium} />, { user: premium });
    await user.click(screen.getByRole('tab', { name: 'Automated Scenarios' }));
    await user.click(
      within(await screen.findByTestId('scenario-card')).getByRole('button', { name: 'Delete' }),
    );
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Scenario Deleted');
    expect(fake.calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });
});
