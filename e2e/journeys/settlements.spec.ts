import { expect, test } from '@playwright/test';
import { fireConfirmed, id, row, rowAction, screenshot, selectOptions, signIn } from '../support/console.ts';
import { staff } from '../support/app.ts';
import { expectFirstSettlementLine } from '../support/operations.ts';

/** A local date in Jakarta, `days` before today. */
const dayAgo = (days: number) => new Date(Date.now() - days * 86_400_000 + 7 * 3_600_000).toISOString().slice(0, 10);

test("operations settle an agent's last week of shares; finance approves it and pays it with the bank's reference", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const agent = 'CV Mitra Gowes Jakarta';
  await signIn(page, 'kitabike.ops.jakarta');
  await page.goto('/operations/settlementList');
  // The demo settled the fortnight before; the last week is the agent's to settle now.
  await page.getByRole('button', { name: id('action.add') }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel(id('field.partnerSettlement.partyId')).click();
  await selectOptions(page).filter({ hasText: agent }).click();
  for (const [field, value] of [
    ['periodStart', dayAgo(7)],
    ['periodEnd', dayAgo(1)],
  ] as const) {
    await form.getByLabel(id(`field.partnerSettlement.${field}`)).fill(value);
    await form.getByLabel(id(`field.partnerSettlement.${field}`)).press('Enter');
  }
  // Enter in the last date saves the form.
  await expect(form).toBeHidden();
  const mine = row(page, dayAgo(7)).filter({ hasText: agent });
  await expect(mine).toContainText(id('dict.settlements_status.0'));
  const settlementNo = (await mine.locator('td').first().innerText()).trim();
  expect(settlementNo).toMatch(/^ST/);
  await rowAction(page, settlementNo, id('transition.confirmSettlement'));
  await expect(row(page, settlementNo)).toContainText(id('dict.settlements_status.1'));
  await screenshot(page, 'settlement-partners');

  // Finance approves it, then pays it with the bank transfer's reference.
  const finance = await (await browser.newContext({ baseURL: new URL(page.url()).origin })).newPage();
  await signIn(finance, 'kitabike.fin.01');
  await finance.goto('/payment_main/settlement');
  await expect(row(finance, settlementNo)).toContainText(agent);
  await fireConfirmed(finance, settlementNo, 'approveSettlement');
  await expect(row(finance, settlementNo)).toContainText(id('dict.settlements_status.2'));
  const payWith = async (bankRef: string) => {
    await rowAction(finance, settlementNo, id('transition.paySettlement'));
    const pay = finance.getByRole('dialog');
    await pay.getByLabel(id('field.settlement.bankRef')).fill(bankRef);
    await pay.getByRole('button', { name: id('transition.paySettlement') }).click();
    await expect(pay).toBeHidden();
    await expect(row(finance, settlementNo)).toContainText(id('dict.settlements_status.3'));
  };
  await payWith('BCA-TRF-20261129-01');
  // The bank sends it back (the agent's account was closed): finance records the return with the bank's reason, the
  // settlement is approved again, and it is paid anew to the corrected account.
  await rowAction(finance, settlementNo, id('transition.returnPayout'));
  const back = finance.getByRole('dialog');
  await back.getByLabel(id('field.settlement.returnReason')).fill('Rekening penerima sudah ditutup');
  await screenshot(finance, 'settlement-return');
  await back.getByRole('button', { name: id('transition.returnPayout') }).click();
  await expect(back).toBeHidden();
  await expect(row(finance, settlementNo)).toContainText(id('dict.settlements_status.2'));
  await payWith('BCA-TRF-20261130-02');
  // The bank's statement shows the transfer: finance records it, and the button is gone.
  await fireConfirmed(finance, settlementNo, 'confirmPayout');
  // (Read as the tenant's admin: signing finance in again would end the browser's session, one per user.)
  const admin = await staff(request, 'kitabike.admin');
  const payoutState = async () =>
    (await (await request.post('/api/payment/settlement/list', { headers: admin, data: { settlementNo } })).json()).rows[0].payoutState;
  await expect.poll(payoutState).toBe(2);
  // The statement, as a PDF for the agent.
  const [statement] = await Promise.all([finance.waitForEvent('download'), rowAction(finance, settlementNo, id('settlement.statement'))]);
  expect(statement.suggestedFilename()).toBe(`${settlementNo}.pdf`);

  // Its detail lists what it paid for, day by day.
  await expectFirstSettlementLine(finance, settlementNo, 'RIDE');
  await screenshot(finance, 'settlement-paid');
});
