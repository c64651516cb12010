import { MERCHANT_DASHBOARD_PATH, STAFF_PASSWORD_PATH } from '@kayuh/contract/api/merchants';
import { Code } from '@kayuh/contract/codes';
import { menuRows } from '@kayuh/contract/menus/index';
import { MERCHANT_PAYABLE } from '@kayuh/contract/rules/ledgerChart';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { accounts, merchantApplications, merchants, merchantStaff, stations } from '../src/db/schema.ts';
import { verifyPassword } from '../src/platform/auth/passwords.ts';
import { useTestApp } from './harness.ts';

/**
 * The merchant centre (docs/merchants.md): an application picked up, approved into a merchant with its payable
 * account and owner — once, however many approvals race — or rejected or withdrawn; a merchant closed only when it
 * hosts nothing and is owed nothing; one owner per merchant; a password issued once.
 */
const t = useTestApp();
const db = () => t.database.db as Db;
const JAKARTA = 2001;
let seq = 0;

const phone = () => `+6281399${String(100000 + seq++).padStart(6, '0')}`;
const application = (extra: Record<string, unknown> = {}) => ({
  applicantName: 'Dewi Lestari',
  phone: phone(),
  companyName: `Toko Uji ${seq++}`,
  merchantType: '1',
  cityCode: JAKARTA,
  address: 'Jl. Sudirman No. 12, Jakarta Pusat',
  plannedSites: 2,
  ktpPhoto: '/api/files/uploads/2/2026/11/ktp.png',
  shopPhoto: '/api/files/uploads/2/2026/11/shop.png',
  ...extra,
});
const appRow = async (id: number) => (await db().select().from(merchantApplications).where(eq(merchantApplications.id, id)))[0]!;
const fire = async (headers: Record<string, string>, event: string, applicationId: number, payload: Record<string, unknown> = {}) =>
  t.call('POST', `/api/merchant/application/${event}`, {
    headers,
    body: { applicationId, version: (await appRow(applicationId)).version, ...payload },
  });

async function submitted(headers: Record<string, string>, extra: Record<string, unknown> = {}) {
  const added = await t.call('POST', '/api/merchant/application/add', { headers, body: application(extra) });
  expect(added.code, JSON.stringify(added)).toBe(Code.ok);
  return added.data.applicationId as number;
}
async function underReview(headers: Record<string, string>, extra: Record<string, unknown> = {}) {
  const id = await submitted(headers, extra);
  expect((await fire(headers, 'pickUpApplication', id)).code).toBe(Code.ok);
  return id;
}
const merchantOf = async (applicationId: number) =>
  db()
    .select()
    .from(merchants)
    .where(and(eq(merchants.applicationId, applicationId), isNull(merchants.deletedAt)));

describe('merchant applications', () => {
  it('are picked up, then approved into a merchant with its payable account and its owner', async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const id = await submitted(admin);
    const fresh = await appRow(id);
    expect(fresh).toMatchObject({ status: 0, reviewerId: null });
    expect(fresh.applicationNo).toMatch(/^MA\d{6}\d{8}$/);

    // Not yet picked up: no approval.
    const early = await fire(admin, 'approveApplication', id);
    expect(early.code).toBe(Code.transitionNotAllowed);
    expect(early.msg).toContain('Submitted');

    expect((await fire(admin, 'pickUpApplication', id)).code).toBe(Code.ok);
    expect((await appRow(id)).reviewerId).not.toBeNull();
    const approved = await fire(admin, 'approveApplication', id);
    expect(approved.code, JSON.stringify(approved)).toBe(Code.ok);

    const [merchant] = await merchantOf(id);
    expect(merchant).toMatchObject({ name: fresh.companyName, cityCode: JAKARTA, type: 1, phone: fresh.phone, status: 0, currency: 'IDR' });
    expect(merchant!.merchantNo).toMatch(/^MC\d{14}$/);
    expect((await appRow(id)).merchantId).toBe(merchant!.id);
    const [account] = await db().select().from(accounts).where(eq(accounts.id, merchant!.accountId));
    expect(account).toMatchObject({ ownerType: 2, ownerId: merchant!.id, code: MERCHANT_PAYABLE, normalSide: 'C', allowNegative: false });
    expect(Number(account!.balance)).toBe(0);
    const people = await db().select().from(merchantStaff).where(eq(merchantStaff.merchantId, merchant!.id));
    expect(people).toEqual([expect.objectContaining({ name: 'Dewi Lestari', phone: fresh.phone, role: 1, status: 0, cityCode: JAKARTA })]);

    // The merchant's list row: what it is owed (from its account), its sites and people.
    const listed = await t.call('POST', '/api/merchant/merchant/list', { headers: admin, body: { merchantNo: merchant!.merchantNo } });
    expect(listed.rows).toEqual([expect.objectContaining({ merchantId: merchant!.id, payable: 0, stationCount: 0, staffCount: 1 })]);
  });

  it('makes one merchant when twenty approvals arrive at once', async () => {
    const admin = await t.signIn('kitabike.admin');
    const id = await underReview(admin);
    const version = (await appRow(id)).version;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call('POST', '/api/merchant/application/approveApplication', { headers: admin, body: { applicationId: id, version } }),
      ),
    );
    expect(answers.filter((a) => a.code === Code.ok)).toHaveLength(1);
    expect(answers.every((a) => [Code.ok, Code.versionConflict, Code.transitionNotAllowed].includes(a.code))).toBe(true);
    const made = await merchantOf(id);
    expect(made).toHaveLength(1);
    const payables = await db()
      .select()
      .from(accounts)
      .where(and(eq(accounts.ownerType, 2), eq(accounts.ownerId, made[0]!.id)));
    expect(payables).toHaveLength(1);
    expect(await db().select().from(merchantStaff).where(eq(merchantStaff.merchantId, made[0]!.id))).toHaveLength(1);
  });

  it('is rejected with a reason, withdrawn until decided, and never decided twice', async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const id = await underReview(admin);
    const bare = await fire(admin, 'rejectApplication', id);
    expect(bare.code).toBe(Code.validation);
    expect((await fire(admin, 'rejectApplication', id, { rejectReason: '  Foto toko buram  ' })).code).toBe(Code.ok);
    expect(await appRow(id)).toMatchObject({ status: 3, rejectReason: 'Foto toko buram' });
    expect(await merchantOf(id)).toEqual([]);
    expect((await fire(admin, 'withdrawApplication', id)).code).toBe(Code.transitionNotAllowed);

    const waiting = await submitted(admin);
    expect((await fire(admin, 'withdrawApplication', waiting)).code).toBe(Code.ok);
    expect((await appRow(waiting)).status).toBe(4);
    expect((await fire(admin, 'pickUpApplication', waiting)).code).toBe(Code.transitionNotAllowed);
  });

  it('leaves more than five sites to the tenant admin, and refuses a name or an owner the tenant has', async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    // A merchant manager: every merchant page, applications reviewed but not approved beyond five sites.
    const menuIds = menuRows()
      .filter((m) => m.perms?.startsWith('merchant:') && m.perms !== 'merchant:application:approve')
      .map((m) => m.menuId);
    const role = await t.call('POST', '/api/system/role/add', {
      headers: admin,
      body: { roleName: 'Merchant manager', roleKey: 'merchant_mgr', dataScope: '1', menuIds },
    });
    expect(role.code, JSON.stringify(role)).toBe(Code.ok);
    const user = await t.call('POST', '/api/system/user/add', {
      headers: admin,
      body: { userName: 'kitabike.merchant.01', nickName: 'Manajer Merchant', password: 'Merchant-2026x', deptId: 2001, roleIds: [role.data.roleId] },
    });
    expect(user.code, JSON.stringify(user)).toBe(Code.ok);
    const manager = await t.signIn('kitabike.merchant.01', { lang: 'EN' });

    const large = await underReview(manager, { plannedSites: 8 });
    const refused = await fire(manager, 'approveApplication', large);
    expect(refused).toMatchObject({ code: Code.forbidden, msg: 'An application for more than 5 sites is approved only by the tenant admin' });
    expect((await appRow(large)).status).toBe(1);
    const small = await underReview(manager, { plannedSites: 5 });
    expect((await fire(manager, 'approveApplication', small)).code).toBe(Code.ok);
    expect((await fire(admin, 'approveApplication', large)).code).toBe(Code.ok);

    const sameName = await underReview(admin, { companyName: (await appRow(small)).companyName });
    const named = await fire(admin, 'approveApplication', sameName);
    expect(named).toMatchObject({ code: Code.duplicate, msg: `A merchant named ${(await appRow(small)).companyName} already exists` });
    const samePhone = await underReview(admin, { phone: (await appRow(small)).phone });
    const owned = await fire(admin, 'approveApplication', samePhone);
    expect(owned.code).toBe(Code.duplicate);
    expect(owned.msg).toContain((await appRow(small)).phone);
    // Refused approvals change nothing: still under review, no merchant, no account.
    for (const id of [sameName, samePhone]) {
      expect((await appRow(id)).status).toBe(1);
      expect(await merchantOf(id)).toEqual([]);
    }
  });
});

describe('merchants and their staff', () => {
  const addMerchant = async (headers: Record<string, string>, extra: Record<string, unknown> = {}) => {
    const added = await t.call('POST', '/api/merchant/merchant/add', {
      headers,
      body: {
        name: `Kios Uji ${seq++}`,
        type: '3',
        contactName: 'Rudi Hartono',
        phone: phone(),
        cityCode: JAKARTA,
        address: 'Jl. Thamrin No. 1',
        bankName: 'BCA',
        bankAccount: '1234567890',
        ...extra,
      },
    });
    expect(added.code, JSON.stringify(added)).toBe(Code.ok);
    return added.data as Record<string, unknown> & { merchantId: number; version: number };
  };

  it('seals the bank account and answers only its last digits', async () => {
    const admin = await t.signIn('kitabike.admin');
    const made = await addMerchant(admin);
    expect(made).not.toHaveProperty('bankAccount');
    expect(made.bankAccountMasked).toBe('******7890');
    const [stored] = await db().select().from(merchants).where(eq(merchants.id, made.merchantId));
    expect(stored!.bankAccountEnc).toBeTruthy();
    expect(stored!.bankAccountEnc).not.toContain('1234567890');
    const got = await t.call('GET', `/api/merchant/merchant/${made.merchantId}`, { headers: admin });
    expect(JSON.stringify(got.data)).not.toContain('1234567890');
    const bad = await t.call('POST', '/api/merchant/merchant/edit', {
      headers: admin,
      body: { merchantId: made.merchantId, version: made.version, bankAccount: '12-34' },
    });
    expect(bad.code).toBe(Code.validation);
  });

  it('closes only a merchant hosting no site, and disables its people', async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const made = await addMerchant(admin);
    const [site] = await db()
      .select()
      .from(stations)
      .where(and(eq(stations.tenantId, 2), eq(stations.cityCode, JAKARTA), isNull(stations.merchantId)))
      .limit(1);
    const linked = await t.call('POST', '/api/merchant/station/edit', {
      headers: admin,
      body: { stationId: site!.id, version: site!.version, merchantId: made.merchantId },
    });
    expect(linked.code, JSON.stringify(linked)).toBe(Code.ok);
    const person = await t.call('POST', '/api/merchant/staff/add', {
      headers: admin,
      body: { merchantId: made.merchantId, name: 'Kasir Satu', phone: phone(), role: '3' },
    });
    expect(person.code, JSON.stringify(person)).toBe(Code.ok);
    expect(person.data.cityCode).toBe(JAKARTA);

    const version = async () => (await db().select().from(merchants).where(eq(merchants.id, made.merchantId)))[0]!.version;
    const close = async () =>
      t.call('POST', '/api/merchant/merchant/closeMerchant', { headers: admin, body: { merchantId: made.merchantId, version: await version() } });
    expect(await close()).toMatchObject({ code: Code.transitionNotAllowed, msg: 'The merchant still hosts 1 sites: move them first' });
    const unlinked = await t.call('POST', '/api/merchant/station/edit', {
      headers: admin,
      body: { stationId: site!.id, version: linked.data.version, merchantId: null },
    });
    expect(unlinked.code).toBe(Code.ok);
    expect((await close()).code).toBe(Code.ok);
    const [person1] = await db().select().from(merchantStaff).where(eq(merchantStaff.id, person.data.staffId));
    expect(person1!.status).toBe(1);

    // A closed merchant takes no site and no person.
    const again = await t.call('POST', '/api/merchant/station/edit', {
      headers: admin,
      body: { stationId: site!.id, version: unlinked.data.version, merchantId: made.merchantId },
    });
    expect(again).toMatchObject({ code: Code.transitionNotAllowed, msg: 'This merchant is closed' });
    const hired = await t.call('POST', '/api/merchant/staff/add', {
      headers: admin,
      body: { merchantId: made.merchantId, name: 'Kasir Dua', phone: phone(), role: '3' },
    });
    expect(hired.code).toBe(Code.transitionNotAllowed);
  });

  it('refuses a site in another city than its merchant’s', async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const made = await addMerchant(admin, { cityCode: 2002 });
    const [site] = await db()
      .select()
      .from(stations)
      .where(and(eq(stations.tenantId, 2), eq(stations.cityCode, JAKARTA)))
      .limit(1);
    const moved = await t.call('POST', '/api/merchant/station/edit', {
      headers: admin,
      body: { stationId: site!.id, version: site!.version, merchantId: made.merchantId },
    });
    expect(moved).toMatchObject({ code: Code.validation, data: { fields: { merchantId: 'This merchant is in another city' } } });
  });

  it('keeps one owner per merchant and one person per phone, and issues a password once', async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const made = await addMerchant(admin);
    const hire = (body: Record<string, unknown>) =>
      t.call('POST', '/api/merchant/staff/add', { headers: admin, body: { merchantId: made.merchantId, name: 'Budi', role: '2', ...body } });
    const owner = await hire({ phone: phone(), role: '1' });
    expect(owner.code).toBe(Code.ok);
    expect(await hire({ phone: phone(), role: '1' })).toMatchObject({ code: Code.duplicate, msg: 'This merchant already has an owner' });
    expect((await hire({ phone: owner.data.phone })).code).toBe(Code.duplicate);

    const issued = await t.call('POST', `/api${STAFF_PASSWORD_PATH}`, { headers: admin, body: { staffId: owner.data.staffId } });
    expect(issued.code).toBe(Code.ok);
    expect(issued.data).toMatchObject({ staffId: owner.data.staffId, phone: owner.data.phone });
    expect(issued.data.password).toMatch(/^[A-Za-z2-9]{10}$/);
    const [stored] = await db().select().from(merchantStaff).where(eq(merchantStaff.id, owner.data.staffId));
    expect(await verifyPassword(stored!.passwordHash, issued.data.password)).toBe(true);
    const [row] = (await t.call('POST', '/api/merchant/staff/list', { headers: admin, body: { merchantId: made.merchantId } })).rows;
    expect(row).toMatchObject({ hasPassword: true });
    expect(JSON.stringify(row)).not.toContain(stored!.passwordHash!);
    // Another tenant's person is not found.
    const other = await t.signIn('gowesbali.admin');
    expect((await t.call('POST', `/api${STAFF_PASSWORD_PATH}`, { headers: other, body: { staffId: owner.data.staffId } })).code).toBe(Code.notFound);
  });

  it('counts merchants, waiting applications and hosted sites on the Home', async () => {
    const admin = await t.signIn('kitabike.admin');
    const before = (await t.call('GET', `/api${MERCHANT_DASHBOARD_PATH}?cityCode=${JAKARTA}`, { headers: admin })).data;
    await submitted(admin);
    await addMerchant(admin);
    const after = (await t.call('GET', `/api${MERCHANT_DASHBOARD_PATH}?cityCode=${JAKARTA}`, { headers: admin })).data;
    const count = (d: { byStatus: { code: number; count: number }[] }, code: number) => d.byStatus.find((s) => s.code === code)!.count;
    expect(count(after, 0)).toBe(count(before, 0) + 1);
    const waiting = (d: { openApplications: { code: number; count: number }[] }) => d.openApplications.find((s) => s.code === 0)!.count;
    expect(waiting(after)).toBe(waiting(before) + 1);
    expect(after.currency).toBe('IDR');
    expect(after.sitesHosted).toBeGreaterThan(0);
    expect(after.monthSwaps).toBeGreaterThanOrEqual(0);
    const cs = await t.signIn('kitabike.cs.01');
    expect((await t.call('GET', `/api${MERCHANT_DASHBOARD_PATH}`, { headers: cs })).code).toBe(Code.forbidden);
  });
});
