import { Code } from '@kayuh/contract/codes';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';

/** Partners and the batteries they buy (DOMAIN §2.1 battery_acquisitions, §2.2 partner_agencies). */
const t = useTestApp();

type Headers = Record<string, string>;
type Row = Record<string, unknown>;
const call = async (headers: Headers, path: string, body: Row = {}) => t.call('POST', `/api${path}`, { headers, body });
const fire = (headers: Headers, event: string, row: Row, extra: Row = {}) =>
  call(headers, `/operations/batteryAcquisition/${event}`, { acquisitionId: row.acquisitionId, version: row.version, ...extra });

/** The tenant's operator-owned packs in a city, in stock or running, first by id. */
async function ownPacks(headers: Headers, cityCode: number, n: number) {
  const rows = (await call(headers, '/operations/battery/list', { cityCode, ownerType: '1', state: ['10', '30'], pageSize: n, orderByColumn: 'soc' }))
    .rows as Array<{ batteryId: number; batterySn: string; modelId: number }>;
  expect(rows.length).toBe(n);
  return rows;
}

async function partner(headers: Headers, name: string, kind: string, cityCodes: number[]) {
  const res = await call(headers, '/operations/partnerAgency/add', { name, kind, cityCodes, contactName: 'Dewi', phone: '+6281200000000' });
  expect(res.code, JSON.stringify(res)).toBe(Code.ok);
  return res.data.partnerId as number;
}

async function paidContract(headers: Headers, contractNo: string, partnerId: number, modelId: number, quantity: number, cityCode = 2002) {
  const added = await call(headers, '/operations/batteryAcquisition/add', {
    contractNo,
    cityCode,
    partnerId,
    modelId,
    quantity,
    unitPrice: 3_500_000,
  });
  expect(added.code, JSON.stringify(added)).toBe(Code.ok);
  const paid = await fire(headers, 'markPaid', added.data);
  expect(paid.code).toBe(Code.ok);
  return paid.data as Row;
}

describe('a battery acquisition', () => {
  it("is seeded for the demo: the delivered contract's batteries are the investor's", async () => {
    const admin = await t.signIn('kitabike.admin');
    const contracts = (await call(admin, '/operations/batteryAcquisition/list', {})).rows as Row[];
    expect(contracts.map((c) => c.status).sort()).toEqual([0, 1, 2]);
    const delivered = contracts.find((c) => c.status === 2)!;
    const packs = await call(admin, '/operations/battery/list', { acquisitionId: delivered.acquisitionId, pageSize: 50 });
    expect(packs.total).toBe(20);
    expect(packs.rows.every((b: Row) => b.ownerType === 2 && b.ownerPartnerId === delivered.partnerId)).toBe(true);
  });

  it('is bought by an active investor or agent of its city, of a battery model, for quantity × unit price', async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const [pack] = await ownPacks(admin, 2002, 1);
    const contractor = await partner(admin, 'Bengkel Uji', '3', [2002]);
    const jakartaOnly = await partner(admin, 'Investor Jakarta', '2', [2001]);
    const investor = await partner(admin, 'Investor Bandung', '2', [2002, 2003]);
    const add = (body: Row) =>
      call(admin, '/operations/batteryAcquisition/add', {
        contractNo: 'T-1',
        cityCode: 2002,
        modelId: pack!.modelId,
        quantity: 3,
        unitPrice: 3_400_000,
        ...body,
      });
    expect((await add({ partnerId: contractor })).data.fields).toEqual({ partnerId: 'Only an investor or an operating agent buys batteries' });
    expect((await add({ partnerId: jakartaOnly })).data.fields).toEqual({ partnerId: 'This partner does not work in this city' });
    const bike = (await call(admin, '/operations/productModel/list', { kind: '1' })).rows[0] as Row;
    expect((await add({ partnerId: investor, modelId: bike.modelId })).data.fields).toEqual({ modelId: 'Choose a battery model' });
    const made = await add({ partnerId: investor });
    expect(made.data).toMatchObject({ status: 0, total: 10_200_000, currency: 'IDR' });
    const edited = await call(admin, '/operations/batteryAcquisition/edit', { ...made.data, quantity: 4 });
    expect(edited.data.total).toBe(13_600_000);
    // A partner with contracts stays.
    expect((await t.call('POST', `/api/operations/partnerAgency/remove/${investor}`, { headers: admin })).msg).toBe(
      'This partner still has battery acquisitions',
    );
  });

  it('is delivered once paid, naming exactly its batteries; they become the buyer’s and the contract closes', async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const packs = await ownPacks(admin, 2002, 3);
    const investor = await partner(admin, 'Investor Antapani', '2', [2002]);
    const ordered = (
      await call(admin, '/operations/batteryAcquisition/add', {
        contractNo: 'T-2',
        cityCode: 2002,
        partnerId: investor,
        modelId: packs[0]!.modelId,
        quantity: 3,
        unitPrice: 3_400_000,
      })
    ).data;
    const sns = packs.map((p) => p.batterySn);
    expect((await fire(admin, 'deliver', ordered, { batterySns: sns.join('\n') })).code).toBe(Code.transitionNotAllowed);
    const paid = (await fire(admin, 'markPaid', ordered)).data;

    const refusal = async (batterySns: string) => (await fire(admin, 'deliver', paid, { batterySns })).data?.fields?.batterySns;
    expect(await refusal(sns.slice(0, 2).join('\n'))).toBe('The contract buys 3 batteries, but 2 serial numbers were given');
    expect(await refusal([sns[0], sns[1], sns[0]].join('\n'))).toBe(`Listed twice: ${sns[0]}`);
    expect(await refusal([sns[0], sns[1], 'NO-SUCH-PACK'].join('\n'))).toBe('No battery has these serial numbers: NO-SUCH-PACK');
    const [jakartaPack] = await ownPacks(admin, 2001, 1);
    expect(await refusal([sns[0], sns[1], jakartaPack!.batterySn].join('\n'))).toBe(`These batteries are in another city: ${jakartaPack!.batterySn}`);
    // A refusal changed nothing.
    expect((await t.call('GET', `/api/operations/batteryAcquisition/${paid.acquisitionId}`, { headers: admin })).data.status).toBe(1);

    // Scanned in a column, lower case and a blank line between: still the same three.
    const done = await fire(admin, 'deliver', paid, { batterySns: `${sns[0]!.toLowerCase()}\n\n${sns[1]}\n${sns[2]}\n` });
    expect(done.code, JSON.stringify(done)).toBe(Code.ok);
    expect(done.data).toMatchObject({ status: 2, deliveredAt: expect.any(String) });
    for (const p of packs) {
      const pack = (await t.call('GET', `/api/operations/battery/${p.batteryId}`, { headers: admin })).data;
      expect(pack).toMatchObject({ ownerType: 2, ownerPartnerId: investor, acquisitionId: paid.acquisitionId });
    }
    expect((await call(admin, '/operations/batteryAcquisition/edit', { ...done.data, remark: 'late' })).code).toBe(Code.transitionNotAllowed);
    expect((await t.call('POST', `/api/operations/batteryAcquisition/remove/${paid.acquisitionId}`, { headers: admin })).msg).toBe(
      'A delivered or cancelled acquisition cannot be changed',
    );
    expect((await fire(admin, 'cancel', done.data, { reason: 'changed our mind' })).code).toBe(Code.transitionNotAllowed);

    // Bought once: another contract cannot name them again.
    const second = await paidContract(admin, 'T-3', investor, packs[0]!.modelId, 3);
    expect(await (async () => (await fire(admin, 'deliver', second, { batterySns: sns.join('\n') })).data.fields.batterySns)()).toBe(
      `These batteries already belong to someone else: ${sns.join(', ')}`,
    );
  });

  it('links a battery to one contract when twenty deliveries of two contracts naming it race', async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const packs = await ownPacks(admin, 2003, 2);
    const investor = await partner(admin, 'Investor Surabaya', '2', [2003]);
    const a = await paidContract(admin, 'RACE-A', investor, packs[0]!.modelId, 2, 2003);
    const b = await paidContract(admin, 'RACE-B', investor, packs[0]!.modelId, 2, 2003);
    const batterySns = packs.map((p) => p.batterySn).join('\n');
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => fire(admin, 'deliver', i % 2 ? a : b, { batterySns })));
    expect(results.filter((r) => r.code === Code.ok)).toHaveLength(1);
    const owners = await Promise.all(
      packs.map(async (p) => (await t.call('GET', `/api/operations/battery/${p.batteryId}`, { headers: admin })).data.acquisitionId),
    );
    const winner = results.find((r) => r.code === Code.ok)!.data.acquisitionId;
    expect(owners).toEqual([winner, winner]);
    const statuses = await Promise.all(
      [a, b].map(async (c) => (await t.call('GET', `/api/operations/batteryAcquisition/${c.acquisitionId}`, { headers: admin })).data.status),
    );
    expect(statuses.sort()).toEqual([1, 2]);
  });
});

describe("a vehicle's owner", () => {
  it('is the operator with no partner, or an investor or agent of its city named as such; the partner lists its vehicles', async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const [vehicle] = (await call(admin, '/vehicle/vehicle/list', { cityCode: 2002, ownerType: '1', pageSize: 1 })).rows as Row[];
    const investor = await partner(admin, 'Investor Armada', '2', [2002]);
    const agent = await partner(admin, 'Agen Armada', '1', [2002]);
    const elsewhere = await partner(admin, 'Investor Armada Surabaya', '2', [2003]);
    const edit = (body: Row) => call(admin, '/vehicle/vehicle/edit', { vehicleId: vehicle!.vehicleId, version: vehicle!.version, ...body });
    const refusal = async (body: Row) => (await edit(body)).data?.fields;

    expect(await refusal({ ownerType: '2' })).toEqual({ ownerPartnerId: 'Choose the investor or agent who owns this vehicle' });
    expect(await refusal({ ownerPartnerId: investor })).toEqual({ ownerPartnerId: "The operator's own vehicle has no partner owner" });
    expect(await refusal({ ownerType: '3', ownerPartnerId: investor })).toEqual({
      ownerPartnerId: 'This partner is not of the owner type chosen (an investor for Investor, an operating agent for Partner)',
    });
    expect(await refusal({ ownerType: '2', ownerPartnerId: elsewhere })).toEqual({ ownerPartnerId: 'This partner does not work in this city' });

    const owned = await edit({ ownerType: '3', ownerPartnerId: agent });
    expect(owned.code, JSON.stringify(owned)).toBe(Code.ok);
    expect(owned.data).toMatchObject({ ownerType: 3, ownerPartnerId: agent });
    const theirs = await call(admin, '/vehicle/vehicle/list', { ownerPartnerId: agent });
    expect(theirs.rows).toEqual([expect.objectContaining({ vehicleId: vehicle!.vehicleId, ownerPartnerIdLabel: 'Agen Armada' })]);
    // Back to the operator, the partner left out (the form hides it then): the partner goes with it.
    const back = await edit({ ownerType: '1', version: owned.data.version });
    expect(back.data).toMatchObject({ ownerType: 1, ownerPartnerId: null });
  });

  it("is seeded for the demo: ten vehicles are the investor's, five the agent's", async () => {
    const admin = await t.signIn('kitabike.admin');
    const count = async (ownerType: string) => (await call(admin, '/vehicle/vehicle/list', { cityCode: 2001, ownerType, pageSize: 1 })).total;
    expect([await count('2'), await count('3')]).toEqual([10, 5]);
  });
});
