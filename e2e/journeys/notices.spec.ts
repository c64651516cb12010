import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NOTICE_DISPLAY_MS } from '../../contract/src/constants.ts';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PASSWORD, id, screenshot, selectOptions, signIn } from '../support/console.ts';

const notices = (page: Page) => page.locator('.ant-notification-notice');
const liveDot = (page: Page, status: 'connected' | 'reconnecting') => page.getByRole('img', { name: id(`shell.live.${status}`) });
const bell = (page: Page) => page.getByRole('button', { name: /^Pemberitahuan, \d+ belum dibaca$/ });
const bellCount = async (page: Page) => Number((await bell(page).getAttribute('aria-label'))!.match(/\d+/)![0]);
const expectBell = (page: Page, count: number) => expect(page.getByRole('button', { name: id('shell.bell.label', { count }) })).toBeVisible();

test('a notice sent from the staff notice page reaches another user live, counts in the bell, stays 60 s and gives way to the next', async ({
  browser,
}) => {
  const receiver = await (await browser.newContext()).newPage();
  // The receiver's clock is ours to move, so the 60 s notice can be seen ending without waiting a minute.
  await receiver.clock.install();
  await signIn(receiver, 'kitabike.ops.jakarta');
  await expect(liveDot(receiver, 'connected')).toBeVisible();
  const before = await bellCount(receiver);

  const sender = await (await browser.newContext()).newPage();
  await signIn(sender, 'kitabike.admin');
  await sender.goto('/message_manager/staffNotice');
  const form = sender.locator('form.kayuh-notice-form');
  await form.getByRole('combobox', { name: id('page.staffNotice.roleId') }).click();
  await selectOptions(sender).filter({ hasText: 'Manajer Operasional Jakarta' }).click();
  await form.getByText(id('page.staffNotice.bizCmd.titleMessage')).click();
  await form.getByLabel(id('page.staffNotice.title'), { exact: true }).fill('Hujan deras di Jakarta');
  await form.getByLabel(id('page.staffNotice.message'), { exact: true }).fill('Tarik armada ke depo sebelum pukul 20.00.');
  await form.getByLabel(id('page.staffNotice.url'), { exact: true }).fill('/operations');
  await form.getByRole('button', { name: id('page.staffNotice.send') }).click();
  await expect(sender.getByText(id('page.staffNotice.sent', { count: 1 }))).toBeVisible();
  await screenshot(sender, 'staff-notice-sent');

  await expect(notices(receiver)).toHaveCount(1);
  await expect(notices(receiver)).toContainText('Hujan deras di Jakarta');
  await expect(notices(receiver)).toContainText('Tarik armada ke depo sebelum pukul 20.00.');
  await expect(notices(receiver).getByRole('link', { name: id('shell.notice.open') })).toHaveAttribute('href', '/operations');
  await expectBell(receiver, before + 1);
  await screenshot(receiver, 'staff-notice-received');

  // A second notice replaces the first: one notice on screen, the newest.
  await form.getByText(id('page.staffNotice.bizCmd.message')).click();
  await form.getByLabel(id('page.staffNotice.message'), { exact: true }).fill('Briefing shift malam pukul 21.00.');
  await form.getByRole('button', { name: id('page.staffNotice.send') }).click();
  await expect(notices(receiver)).toContainText('Briefing shift malam pukul 21.00.');
  await expect(notices(receiver)).toHaveCount(1);
  await expect(notices(receiver)).not.toContainText('Hujan deras di Jakarta');
  await expectBell(receiver, before + 2);

  // Both are kept under the bell.
  await bell(receiver).click();
  const list = receiver.getByRole('region', { name: id('shell.bell.title') });
  await expect(list.getByText('Briefing shift malam pukul 21.00.')).toBeVisible();
  await expect(list.getByText('Hujan deras di Jakarta')).toBeVisible();
  await screenshot(receiver, 'staff-notice-bell');
  await receiver.keyboard.press('Escape');

  await receiver.clock.fastForward(NOTICE_DISPLAY_MS - 5_000);
  await expect(notices(receiver)).toHaveCount(1);
  await receiver.clock.fastForward(5_000);
  await expect(notices(receiver)).toHaveCount(0);
});

/** A server of this test's own, on its own port and data, that the test can stop and start. */
class OwnServer {
  private child: ChildProcess | undefined;
  readonly dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kayuh-e2e-restart-'));
  constructor(readonly port: number) {}
  get origin() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(request: APIRequestContext) {
    const root = path.resolve(import.meta.dirname, '../..');
    // The web is already built (the journeys' own server built it); this runs only the server.
    this.child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: root,
      stdio: 'ignore',
      env: {
        ...process.env,
        PORT: String(this.port),
        MQTT_PORT: String(this.port + 10_000),
        KAYUH_DATA_DIR: this.dataDir,
        KAYUH_DEMO_PASSWORD: PASSWORD,
        LOG_LEVEL: 'warn',
      },
    });
    await expect
      .poll(async () => (await request.get(`${this.origin}/api/docs/openapi.json`).catch(() => null))?.status(), {
        timeout: 120_000,
        intervals: [100],
      })
      .toBe(200);
  }

  async stop() {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }

  async dispose() {
    await this.stop();
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}

test('after a server restart the page reconnects by itself, shows in the bell what was sent meanwhile and receives the next notice live', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const server = new OwnServer(Number(process.env.E2E_PORT ?? 8181) + 17);
  try {
    await server.start(request);
    await page.goto(`${server.origin}/login`);
    await signIn(page, 'kitabike.ops.jakarta');
    await expect(liveDot(page, 'connected')).toBeVisible();
    const before = await bellCount(page);

    // The sender signs in through the API; sessions are stored, so theirs outlives the restart.
    const login = await (
      await request.post(`${server.origin}/api/system/sso/login`, { data: { username: 'kitabike.admin', password: PASSWORD } })
    ).json();
    const headers = { token: login.data.token, userid: String(login.data.userId) };
    const users = await (
      await request.get(`${server.origin}/api/system/user/options`, { headers, params: { keyword: 'kitabike.ops.jakarta' } })
    ).json();
    const opsId = users.data.find((u: { label: string }) => u.label === 'kitabike.ops.jakarta').value as number;
    const send = async (message: string) => {
      const res = await (
        await request.post(`${server.origin}/api/message/staffNotice/send`, {
          headers,
          data: { audienceType: 'users', userIds: [opsId], bizCmd: 'message', message },
        })
      ).json();
      expect(res).toMatchObject({ code: 1000, data: { reached: 1 } });
    };

    await server.stop();
    await expect(liveDot(page, 'reconnecting')).toBeVisible();
    await server.start(request);
    // Sent the moment the server is back, before the page's next attempt (it tries every 5 s).
    await send('Dikirim saat tautan terputus');
    await expect(liveDot(page, 'connected')).toBeVisible({ timeout: 15_000 });
    // The fresh server's first SLA run may tell this dispatcher of the demo's overdue tickets meanwhile: the bell
    // counts at least the notice sent while the link was down, and shows it.
    await expect.poll(() => bellCount(page)).toBeGreaterThan(before);
    await screenshot(page, 'staff-notice-after-restart');

    const reconnected = await bellCount(page);
    await send('Dikirim setelah tersambung lagi');
    await expect(notices(page)).toContainText('Dikirim setelah tersambung lagi');
    await expect.poll(() => bellCount(page)).toBeGreaterThan(reconnected);
    await bell(page).click();
    const panel = page.getByRole('region', { name: id('shell.bell.title') });
    await expect(panel.getByText('Dikirim saat tautan terputus')).toBeVisible();
    await expect(panel.getByText('Dikirim setelah tersambung lagi')).toBeVisible();
  } finally {
    await server.dispose();
  }
});
