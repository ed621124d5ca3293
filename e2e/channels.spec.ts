import { createECDH, createHmac, randomBytes } from 'node:crypto';
import { toast } from './auth-helpers';
import { webhooksUrl, webhookUrl } from './fake-config';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { catalog, signUpViaApi, track } from './member-helpers';

test.describe('Where a member is told: calendar, push, chat', () => {
  test('copies the private calendar link, which a calendar app can read, and resets it', async ({
    page,
    context,
  }) => {
    test.slow();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const { uid } = await signUpViaApi(page, 'calendar');
    const dated = (await catalog(page, 'upcoming', 'books')).find((i) => i.release_date_precision === 'day');
    await track(page, uid, dated!);
    await page.goto('/profile');
    const link = page.getByRole('textbox', { name: 'Calendar link' });
    await expect(link).toHaveValue(/\/calendar\/[\w-]{43}\.ics$/);
    const url = await link.inputValue();
    await page.getByRole('button', { name: 'Copy' }).click();
    await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await expect(page.getByRole('link', { name: 'Add to Apple Calendar' })).toHaveAttribute(
      'href',
      url.replace(/^https?:/, 'webcal:'),
    );

    const feed = await page.request.get(url);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    const ics = await feed.text();
    expect(ics).toContain('X-WR-CALNAME:Releasebell');
    expect(ics).toContain(`SUMMARY:${dated!.title}`);

    await page.getByRole('button', { name: 'Reset link' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Reset your calendar link?' })
      .getByRole('button', { name: 'Reset link' })
      .click();
    await expect(link).not.toHaveValue(url);
    expect((await page.request.get(url)).status()).toBe(404);
    expect((await page.request.get(await link.inputValue())).status()).toBe(200);
  });

  test('the Push switch subscribes this browser and the subscription reaches the server; off forgets it', async ({
    page,
    context,
  }) => {
    test.slow();
    // This machine reaches no browser push service: the browser's subscribe is stood in for with
    // keys made here, as a real one would answer.
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const subscription = {
      endpoint: `https://push.example.net/wpush/v2/${randomBytes(16).toString('hex')}`,
      expirationTime: null,
      keys: {
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      },
    };
    await context.grantPermissions(['notifications']);
    await page.addInitScript((json) => {
      const stored = () => localStorage.getItem('stand-in-push');
      const asSubscription = (value: string) => {
        const parsed = JSON.parse(value);
        return {
          endpoint: parsed.endpoint,
          toJSON: () => parsed,
          unsubscribe: async () => {
            localStorage.removeItem('stand-in-push');
            return true;
          },
        };
      };
      PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
        const key = new Uint8Array(options?.applicationServerKey as ArrayBuffer);
        localStorage.setItem('stand-in-push-key', btoa(String.fromCharCode(...key)));
        localStorage.setItem('stand-in-push', JSON.stringify(json));
        return asSubscription(JSON.stringify(json)) as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async () => {
        const value = stored();
        return (value ? asSubscription(value) : null) as unknown as PushSubscription | null;
      };
    }, subscription);
    const { uid } = await signUpViaApi(page, 'push');
    await page.goto('/profile');
    const push = page.getByRole('switch', { name: /^Push/ });
    await expect(push).toBeEnabled();
    await expect(push).not.toBeChecked();

    const sent = page.waitForResponse((r) => r.url().endsWith('/api/push/subscriptions'));
    await push.click({ force: true });
    const answer = await sent;
    expect(answer.status()).toBe(201);
    expect(answer.request().postDataJSON()).toEqual(subscription);
    await expect(toast(page, 'Push notifications are on for this device.')).toBeVisible();
    await expect(push).toBeChecked();
    // The browser was asked with the server's VAPID key.
    const serverKey = (await (await page.request.get('/api/push/key')).json()).public_key as string;
    const askedWith = await page.evaluate(() => localStorage.getItem('stand-in-push-key'));
    expect(Buffer.from(askedWith ?? '', 'base64').toString('base64url')).toBe(serverKey);

    await page.reload();
    await expect(push).toBeChecked();
    const profile = await page.request.get(`/user/details/${uid}`);
    expect((await profile.json()).notification_preferences).toEqual(['email', 'push']);

    const removed = page.waitForResponse((r) => r.url().endsWith('/api/push/subscriptions'));
    await push.click({ force: true });
    expect((await removed).status()).toBe(204);
    await expect(push).not.toBeChecked();
  });

  test('adds a signed webhook, sends it a test, and removes it', async ({ page }) => {
    test.slow();
    const name = `hook-${randomBytes(4).toString('hex')}`;
    await signUpViaApi(page, 'webhook');
    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'Chat and webhooks' });
    // The segmented control's radios are drawn as labels: a person clicks the label.
    await section.locator('label', { hasText: /^Webhook$/ }).click();
    await expect(section.getByRole('radio', { name: 'Webhook' })).toBeChecked();
    await section.getByRole('textbox', { name: 'Webhook URL' }).fill(webhookUrl(name));
    await section.getByRole('button', { name: 'Generate a signing secret' }).click();
    const secret = await section.getByRole('textbox', { name: /^Signing secret/ }).inputValue();
    expect(secret).toMatch(/^[\w-]{32}$/);
    await section.getByRole('button', { name: 'Add channel' }).click();
    await expect(toast(page, 'Channel added.')).toBeVisible();
    const channel = section.getByRole('listitem', { name: 'Webhook channel' });
    await expect(channel).toContainText('/hooks/hook-');
    await expect(channel).toContainText('No deliveries yet');
    await expectNoSeriousA11yViolations(page);

    await channel.getByRole('button', { name: 'Test Webhook channel' }).click();
    await expect(toast(page, 'Test message sent.')).toBeVisible();
    const received = await (await page.request.get(webhooksUrl(name))).json();
    expect(received).toHaveLength(1);
    const [hook] = received as { headers: Record<string, string>; body: string }[];
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(hook!.headers['x-releasebell-signature']!)!;
    expect(Math.abs(Date.now() / 1000 - Number(t))).toBeLessThan(300);
    expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${hook!.body}`).digest('hex'));
    expect(JSON.parse(hook!.body)).toMatchObject({ kind: 'test' });

    await channel.getByRole('button', { name: 'Recent deliveries of Webhook channel' }).click();
    await expect(channel.getByRole('listitem')).toHaveText(/· Test · Sent · HTTP 204$/);
    await channel.getByRole('button', { name: 'Remove Webhook channel' }).click();
    await channel
      .getByRole('group', { name: 'Remove this channel?' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect(channel).toBeHidden();
  });
});
