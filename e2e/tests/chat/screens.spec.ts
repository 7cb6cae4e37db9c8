import { expect, test, type Page } from '@playwright/test';
import { AJAX, mainNav, openChatAsNewUser, sendChat, snap } from './chat-helpers';

/** Fills an account with a bit of everything, through the real API, so every screen has content. */
async function seed(page: Page) {
  const post = async (url: string, data: unknown) => {
    const res = await page.request.post(url, { headers: AJAX, data });
    expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
    return res.json();
  };
  await post('/api/reminders', { title: 'Dentist appointment', when: 'tomorrow at 9am' });
  await post('/api/reminders', { title: 'Send the invoice to Acme', when: 'friday at 3pm' });
  await post('/api/quick-response-shortcuts', {
    name: 'Office hours',
    trigger_phrases: ['what are your hours', 'when are you open'],
    response_template: 'We are open 9 to 5, Monday to Friday.',
    is_active: true,
  });
  await post('/api/quick-response-shortcuts', {
    name: 'Out of office',
    trigger_phrases: ['are you around'],
    response_template: 'I am away until Monday and will reply then.',
    is_active: false,
  });
  await post('/api/chat', { message: 'My name is Sam and I live in Boston', history: [] });
  const ids = (await (await page.request.get('/api/chat/messages')).json()).map((m: { id: string }) => m.id);
  const saved = await post('/api/conversations', {
    title: 'About me',
    description: 'Introductions',
    messageIds: ids,
  });
  const shared = await post(`/api/conversations/${saved.id}/share`, { isPublic: true });
  return { shareToken: shared.shareToken as string };
}

async function goToSection(page: Page, name: string, mobile: boolean) {
  if (mobile) await page.getByRole('button', { name: 'Open navigation' }).click();
  await mainNav(page)
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .click();
  await expect(mainNav(page)).toBeVisible({ visible: !mobile });
}

for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['mobile', { width: 375, height: 812 }],
] as const) {
  test.describe(`screens at ${label}`, () => {
    test.use({ viewport });
    const mobile = label === 'mobile';

    test(`every chat-area screen renders with content (${label})`, async ({ page, browser }, testInfo) => {
      await openChatAsNewUser(page);
      const { shareToken } = await seed(page);
      await page.reload();
      await expect(page.getByTestId('section-chat')).toBeVisible();
      await expect(page.getByText('Fresh chat started!')).toBeVisible();
      await snap(page, testInfo, `chat-empty-${label}`);

      await sendChat(page, 'remind me to call mom tomorrow at 5pm');
      const reply = await sendChat(page, 'what is the weather in Paris');
      await reply.getByRole('button', { name: 'Get Weather for Paris' }).click();
      await expect(reply.getByText('Action failed - click to retry')).toBeVisible();
      const draft = await sendChat(page, 'text Alex saying running 10 minutes late, see you soon');
      await draft.getByRole('button', { name: 'Draft Text Message' }).click();
      await expect(draft.getByTestId('sms-draft-card')).toBeVisible();
      await snap(page, testInfo, `chat-messages-${label}`);

      if (mobile) {
        await page.getByRole('button', { name: 'Reminders & memory' }).click();
        await expect(page.getByTestId('chat-sidebar')).toBeVisible();
        await expect(page.getByTestId('upcoming-reminder')).toHaveCount(2);
        await snap(page, testInfo, `chat-sidebar-${label}`);
        await page.getByRole('button', { name: 'Close sidebar' }).click();
        await expect(page.getByTestId('chat-sidebar')).toBeHidden();
      } else {
        await expect(page.getByTestId('chat-sidebar')).toBeVisible();
        await expect(page.getByTestId('upcoming-reminder')).toHaveCount(2);
      }

      await page.getByRole('button', { name: 'Personality' }).click();
      const personality = page.getByRole('dialog', { name: "Choose Jarvis's personality" });
      await personality
        .getByRole('button', { name: /^Preview / })
        .nth(2)
        .click();
      await expect(personality.getByTestId('personality-preview')).not.toContainText('Generating');
      await snap(page, testInfo, `chat-personality-${label}`);
      await personality.getByRole('button', { name: 'Done', exact: true }).click();

      await goToSection(page, 'Reminders', mobile);
      await expect(page.getByTestId('reminder-row')).toHaveCount(2);
      await snap(page, testInfo, `reminders-${label}`);

      await goToSection(page, 'Memory', mobile);
      await expect(page.getByTestId('memory-card').first()).toBeVisible();
      await snap(page, testInfo, `memory-${label}`);

      await goToSection(page, 'AI Twin', mobile);
      await expect(page.getByRole('tab', { name: 'Writing Samples' })).toBeVisible();
      await snap(page, testInfo, `twin-${label}`);

      await goToSection(page, 'Quick Responses', mobile);
      await expect(page.getByTestId('shortcut-card')).toHaveCount(2);
      await expect(page.getByTestId('shortcut-card').filter({ hasText: 'Out of office' })).toContainText(
        'Disabled',
      );
      await snap(page, testInfo, `shortcuts-${label}`);

      await page.goto('/conversations');
      await expect(page.getByTestId('conversation-row')).toHaveCount(1);
      await snap(page, testInfo, `conversations-${label}`);

      const visitor = await browser.newContext({ viewport });
      const visitorPage = await visitor.newPage();
      await visitorPage.goto(`/shared/${shareToken}`);
      await expect(visitorPage.getByRole('heading', { name: 'About me' })).toBeVisible();
      await snap(visitorPage, testInfo, `shared-${label}`);
      await visitor.close();

      // Nothing on these screens is wider than the window.
      for (const path of ['/', '/conversations', `/shared/${shareToken}`]) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
      }
    });
  });
}
