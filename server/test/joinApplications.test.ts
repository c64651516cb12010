import { Code } from '@kayuh/contract/codes';
import { PARTNER_OWNER_TYPE, PARTNER_PAYABLE } from '@kayuh/contract/rules/ledgerChart';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { accounts, partnerAgencies } from '../src/db/schema.ts';
import { useTestApp } from './harness.ts';
import { hostile, noFault, query } from './hostileInput.ts';
import { useRiders } from './riders.ts';

/**
 * Join applications (DOMAIN §2.2, §3.6; docs/partners.md): a rider asks from the app to become an agent, investor or
 * contractor; operations picks it up and approves it into a partner agency with its payable account — once, however
 * many approve at once — or rejects it with a reason; the applicant may withdraw it until it is decided.
 */
const t = useTestApp();
const db = () => t.database.db as Db;
const { rider } = useRiders(t, '+62800022');
const FORM = { kind: 1, applicantName: 'Bayu Saputra', company: 'CV Roda Cepat', cityCode: 2001, plannedVehicles: 40 };

const apply = (who: { headers: Record<string, string> }, body: Record<string, unknown> = FORM) =>
  t.call('POST', '/api/app/partner/applications', { headers: { ...who.headers, lang: 'EN' }, body });

async function fire(applicationNo: string, event: string, body: Record<string, unknown> = {}, signedIn?: Record<string, string>) {
  const staff = signedIn ?? (await t.signIn('kitabike.admin'));
  const [current] = (await t.call('POST', '/api/operations/joinApplication/list', { headers: staff, body: { applicationNo } })).rows;
  return t.call('POST', `/api/operations/joinApplication/${event}`, {
    headers: staff,
    body: { applicationId: current.applicationId, version: current.version, ...body },
  });
}

describe('a join application', () => {
  it('is sent from the app with the rider’s phone, one open at a time, and approved into a partner with its payable account', async () => {
    const me = await rider(0);
    const sent = await apply(me);
    expect(sent.code, JSON.stringify(sent)).toBe(Code.ok);
    expect(sent.data).toMatchObject({ kind: 1, applicantName: 'Bayu Saputra', company: 'CV Roda Cepat', cityCode: 2001, status: 0 });
    expect(sent.data.applicationNo).toMatch(/^JA\d+$/);
    const again = await apply(me, { ...FORM, company: 'CV Lain' });
    expect(again).toMatchObject({ code: Code.transitionNotAllowed, data: { applicationNo: sent.data.applicationNo } });

    // Not approved before it is picked up.
    expect((await fire(sent.data.applicationNo, 'approveApplication')).code).toBe(Code.transitionNotAllowed);
    expect((await fire(sent.data.applicationNo, 'pickUpApplication')).code).toBe(Code.ok);
    const approved = await fire(sent.data.applicationNo, 'approveApplication');
    expect(approved.code, JSON.stringify(approved)).toBe(Code.ok);

    const [partner] = await db().select().from(partnerAgencies).where(eq(partnerAgencies.name, 'CV Roda Cepat'));
    expect(partner).toMatchObject({ kind: 1, cityCodes: [2001], contactName: 'Bayu Saputra', phone: me.phone, status: 0 });
    const [account] = await db().select().from(accounts).where(eq(accounts.id, partner!.accountId!));
    expect(account).toMatchObject({ ownerType: PARTNER_OWNER_TYPE, ownerId: partner!.id, code: PARTNER_PAYABLE, balance: 0 });
    const staff = await t.signIn('kitabike.admin');
    const [row] = (await t.call('POST', '/api/operations/joinApplication/list', { headers: staff, body: { applicationNo: sent.data.applicationNo } }))
      .rows;
    expect(row).toMatchObject({ status: 2, partnerId: partner!.id });
    expect(row.reviewerId).toBeTruthy();

    const mine = await t.call('GET', '/api/app/partner/applications', { headers: me.headers });
    expect(mine.data.map((a: { status: number }) => a.status)).toEqual([2]);
    const late = await t.call('POST', `/api/app/partner/applications/${sent.data.applicationNo}/withdraw`, { headers: me.headers });
    expect(late.code).toBe(Code.transitionNotAllowed);
  });

  it('of twenty approvals at once, one partner', async () => {
    const me = await rider(0);
    const sent = await apply(me, { ...FORM, kind: 2, company: 'PT Modal Bersama', plannedInvestment: 500_000_000 });
    await fire(sent.data.applicationNo, 'pickUpApplication');
    // One session approves twenty times at once (a second sign-in would end the first).
    const staff = await t.signIn('kitabike.admin');
    const answers = await Promise.all(Array.from({ length: 20 }, () => fire(sent.data.applicationNo, 'approveApplication', {}, staff)));
    expect(answers.filter((a) => a.code === Code.ok)).toHaveLength(1);
    expect(await db().select().from(partnerAgencies).where(eq(partnerAgencies.name, 'PT Modal Bersama'))).toHaveLength(1);
  });

  it('is refused approval when the tenant has a partner of that name, and stays under review', async () => {
    const me = await rider(0);
    const sent = await apply(me, { ...FORM, company: 'PT Investa Daya Nusantara' });
    await fire(sent.data.applicationNo, 'pickUpApplication');
    const clash = await fire(sent.data.applicationNo, 'approveApplication');
    expect(clash.code).toBe(Code.duplicate);
    expect(clash.msg).toContain('PT Investa Daya Nusantara');
    const staff = await t.signIn('kitabike.admin');
    const [row] = (await t.call('POST', '/api/operations/joinApplication/list', { headers: staff, body: { applicationNo: sent.data.applicationNo } }))
      .rows;
    expect(row.status).toBe(1);
  });

  it('is rejected with a reason the applicant reads, and then a new one may be sent', async () => {
    const me = await rider(0);
    const sent = await apply(me, { ...FORM, company: 'CV Ditolak' });
    await fire(sent.data.applicationNo, 'pickUpApplication');
    expect((await fire(sent.data.applicationNo, 'rejectApplication', { rejectReason: 'no' })).code).toBe(Code.validation);
    expect((await fire(sent.data.applicationNo, 'rejectApplication', { rejectReason: 'Area sudah punya agen' })).code).toBe(Code.ok);
    const mine = await t.call('GET', '/api/app/partner/applications', { headers: me.headers });
    expect(mine.data[0]).toMatchObject({ status: 3, rejectReason: 'Area sudah punya agen' });
    expect((await apply(me, { ...FORM, company: 'CV Kedua' })).code).toBe(Code.ok);
  });

  it('is withdrawn by its applicant only, while open', async () => {
    const me = await rider(0);
    const other = await rider(0);
    const sent = await apply(me, { ...FORM, company: 'CV Ditarik' });
    const path = `/api/app/partner/applications/${sent.data.applicationNo}/withdraw`;
    expect((await t.call('POST', path, { headers: other.headers })).code).toBe(Code.notFound);
    expect((await t.call('POST', path, { headers: me.headers })).data).toMatchObject({ status: 4 });
    expect((await t.call('POST', path, { headers: me.headers })).code).toBe(Code.transitionNotAllowed);
  });

  it('names each bad field, and no city of the operator’s is refused', async () => {
    const me = await rider(0);
    const bad = await apply(me, { kind: 9, applicantName: '', cityCode: 2001, plannedVehicles: -1 });
    expect(bad.code).toBe(Code.validation);
    expect(Object.keys(bad.data.fields).sort()).toEqual(['applicantName', 'kind', 'plannedVehicles']);
    expect(await apply(me, { ...FORM, cityCode: 9999 })).toMatchObject({ code: Code.validation, data: { fields: { cityCode: expect.any(String) } } });
    expect((await t.call('GET', '/api/app/partner/applications', { headers: me.headers })).data).toEqual([]);
  });
});

describe('the app form under hostile input', () => {
  it('never answers 500 and keeps no application', async () => {
    const me = await rider(0);
    const KEYS = ['kind', 'applicantName', 'company', 'cityCode', 'plannedVehicles', 'plannedBatteries', 'plannedInvestment', 'extra'] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom(...KEYS), hostile(1, 2001, 'Bayu', 1e18), { maxKeys: 6 }),
        hostile('JA2611290000001'),
        async (body, applicationNo) => {
          const res = await t.app.inject({ method: 'POST', url: '/api/app/partner/applications', headers: me.headers, payload: body });
          noFault(res.statusCode, res.json().code);
          const withdraw = await t.app.inject({
            method: 'POST',
            url: `/api/app/partner/applications/${query(applicationNo)}/withdraw`,
            headers: me.headers,
          });
          noFault(withdraw.statusCode, withdraw.json().code);
        },
      ),
      { seed: 20_261_129, numRuns: 60 },
    );
    // Whatever the fuzzer sent and was taken stays one open application at most.
    const open = (await t.call('GET', '/api/app/partner/applications', { headers: me.headers })).data.filter((a: { status: number }) => a.status < 2);
    expect(open.length).toBeLessThanOrEqual(1);
  });
});
