import { Code } from '@kayuh/contract/codes';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';

/** Brands, models, suppliers and factory lots (DOMAIN §2.1): what the catalogue refuses, and whose rows it shows. */
const t = useTestApp();

const add = async (headers: Record<string, string>, what: string, body: Record<string, unknown>) =>
  t.call('POST', `/api/operations/${what}/add`, { headers, body });

describe('the demo catalogue (DOMAIN §9.4)', () => {
  it('gives each operator two e-bikes and an e-moped, a battery, and a received lot of each per city', async () => {
    const admin = await t.signIn('kitabike.admin');
    const vehicles = (await t.call('POST', '/api/operations/productModel/list', { headers: admin, body: { kind: '1' } })).rows;
    expect(vehicles.map((m: { formFactor: string }) => m.formFactor).sort()).toEqual(['bicycle', 'bicycle', 'moped']);
    expect(vehicles.every((m: { maxRangeM: number }) => m.maxRangeM > 0)).toBe(true);
    const lots = (await t.call('POST', '/api/operations/factoryLot/list', { headers: admin, body: { pageSize: 50 } })).rows;
    expect(lots).toHaveLength(6);
    const jakarta = lots.filter((l: { cityCode: number }) => l.cityCode === 2001);
    expect(jakarta.map((l: { quantity: number }) => l.quantity).sort((a: number, b: number) => a - b)).toEqual([180, 306]);
    const gowes = await t.signIn('gowesbali.admin');
    expect((await t.call('POST', '/api/operations/factoryLot/list', { headers: gowes, body: {} })).total).toBe(4);
  });
});

describe('the fleet catalogue', () => {
  it("names only the tenant's own rows: another tenant's brand or supplier is not an option", async () => {
    const gowes = await t.signIn('gowesbali.admin', { lang: 'EN' });
    const theirs = (await add(gowes, 'brand', { name: 'Bali Wheels', kind: '1' })).data.brandId;
    const kita = await t.signIn('kitabike.admin', { lang: 'EN' });
    const res = await add(kita, 'productModel', {
      modelCode: 'X-1',
      name: 'X',
      brandId: theirs,
      kind: '1',
      maxRangeM: 50_000,
      propulsion: 'electric',
    });
    expect(res).toMatchObject({ code: Code.validation, data: { fields: { brandId: 'Not one of the allowed options' } } });
    // Nor on edit: a model of KitaBike's own brand cannot be moved onto GowesBali's.
    const own = (await add(kita, 'brand', { name: 'Kita Motors', kind: '1' })).data.brandId;
    const model = (
      await add(kita, 'productModel', { modelCode: 'KM-1', name: 'KM 1', brandId: own, kind: '1', propulsion: 'electric', maxRangeM: 60_000 })
    ).data;
    const moved = await t.call('POST', '/api/operations/productModel/edit', {
      headers: kita,
      body: { modelId: model.modelId, version: 0, brandId: theirs },
    });
    expect(moved.code).toBe(Code.validation);
  });

  it('refuses a model of a kind its brand does not make, and an electric vehicle model without its range', async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const cells = (await add(admin, 'brand', { name: 'CATL', kind: '2' })).data.brandId;
    const wrongKind = await add(admin, 'productModel', {
      modelCode: 'E-2',
      name: 'E 2',
      brandId: cells,
      kind: '1',
      propulsion: 'electric',
      maxRangeM: 1,
    });
    expect(wrongKind.data.fields).toEqual({ brandId: 'This brand does not make this kind of model' });
    const bikes = (await add(admin, 'brand', { name: 'Selis', kind: '1' })).data.brandId;
    const noRange = await add(admin, 'productModel', { modelCode: 'E-3', name: 'E 3', brandId: bikes, kind: '1', propulsion: 'electric_assist' });
    expect(noRange.data.fields).toEqual({ maxRangeM: 'An electric vehicle model needs its maximum range (GBFS requires it)' });
    const pack = await add(admin, 'productModel', {
      modelCode: 'PACK-48',
      name: 'Pack 48 V',
      brandId: cells,
      kind: '2',
      nominalVoltageV: 48,
      capacityAh: 20.5,
    });
    expect(pack.code, JSON.stringify(pack)).toBe(Code.ok);
    expect(pack.data).toMatchObject({ capacityAh: 20.5, nominalVoltageV: 48 });
  });

  it('keeps a brand, model or supplier that others still use, and lets it go once they are gone', async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const brand = (await add(admin, 'brand', { name: 'Keep Me', kind: '2' })).data.brandId;
    const model = (await add(admin, 'productModel', { modelCode: 'KEEP-1', name: 'Keep 1', brandId: brand, kind: '2' })).data.modelId;
    const supplier = (await add(admin, 'supplier', { name: 'PT Keep', kind: '2' })).data.supplierId;
    const lot = await add(admin, 'factoryLot', { lotNo: 'LOT-KEEP', cityCode: 2001, kind: '2', supplierId: supplier, modelId: model, quantity: 10 });
    expect(lot.code, JSON.stringify(lot)).toBe(Code.ok);
    const refused = await t.call('POST', `/api/operations/brand/remove/${brand}`, { headers: admin });
    expect(refused).toMatchObject({ code: Code.transitionNotAllowed, msg: 'This brand still has models' });
    expect((await t.call('POST', `/api/operations/supplier/remove/${supplier}`, { headers: admin })).msg).toBe(
      'This supplier still has factory lots',
    );
    expect((await t.call('POST', `/api/operations/productModel/remove/${model}`, { headers: admin })).msg).toBe('Factory lots still use this model');
    expect((await t.call('POST', `/api/operations/factoryLot/remove/${lot.data.lotId}`, { headers: admin })).code).toBe(Code.ok);
    expect((await t.call('POST', `/api/operations/productModel/remove/${model}`, { headers: admin })).code).toBe(Code.ok);
    expect((await t.call('POST', `/api/operations/brand/remove/${brand}`, { headers: admin })).code).toBe(Code.ok);
    expect((await t.call('POST', `/api/operations/supplier/remove/${supplier}`, { headers: admin })).code).toBe(Code.ok);
  });

  it("keeps lots to their city: QC within the quantity, a city-bound manager's lots in their city only", async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const brand = (await add(admin, 'brand', { name: 'Lots Brand', kind: '2' })).data.brandId;
    const model = (await add(admin, 'productModel', { modelCode: 'LOT-M', name: 'Lot model', brandId: brand, kind: '2' })).data.modelId;
    const supplier = (await add(admin, 'supplier', { name: 'PT Lots', kind: '2' })).data.supplierId;
    const lot = (cityCode: number, lotNo: string, extra: Record<string, unknown> = {}) => ({
      lotNo,
      cityCode,
      kind: '2',
      supplierId: supplier,
      modelId: model,
      quantity: 50,
      ...extra,
    });
    expect((await add(admin, 'factoryLot', lot(2001, 'L-QC', { qcPassed: 51 }))).data.fields).toEqual({
      qcPassed: 'Passed QC cannot exceed the quantity',
    });
    expect((await add(admin, 'factoryLot', lot(2001, 'L-VEH', { kind: '1' }))).data.fields).toEqual({
      modelId: 'This model is not of the lot’s kind',
    });
    expect((await add(admin, 'factoryLot', lot(2001, 'L-JKT'))).code).toBe(Code.ok);
    expect((await add(admin, 'factoryLot', lot(2002, 'L-BDG'))).code).toBe(Code.ok);

    const bandung = await t.signIn('kitabike.ops.bandung', { lang: 'EN' });
    const seen = (await t.call('POST', '/api/operations/factoryLot/list', { headers: bandung, body: {} })).rows;
    expect(seen.every((row: { cityCode: number }) => row.cityCode === 2002)).toBe(true);
    const mine = seen.filter((row: { lotNo: string }) => row.lotNo.startsWith('L-'));
    expect(mine.map((row: { lotNo: string }) => row.lotNo)).toEqual(['L-BDG']);
    expect(mine[0]).toMatchObject({ cityCodeLabel: 'Bandung', supplierIdLabel: 'PT Lots', modelIdLabel: 'Lot model' });
    expect((await add(bandung, 'factoryLot', lot(2001, 'L-NOT-MINE'))).code).toBe(Code.forbidden);
    expect((await add(bandung, 'factoryLot', lot(2002, 'L-BDG-2'))).code).toBe(Code.ok);
  });
});
