// The fleet catalogue (DOMAIN §2.1) per tenant: five brands, six models (two or three vehicle models with their GBFS
// form factor, propulsion and range), four suppliers, and per city one received vehicle lot and one battery lot sized
// to the city's share of the fleet (so the vehicles and batteries of a later issue fill them exactly).
import { brandResource, factoryLotResource, productModelResource, supplierResource } from '@kayuh/contract/resources/fleetCatalogue';
import { brands, factoryLots, productModels, suppliers } from '../../../server/src/db/schema.ts';
import { DAY_MS, daysBefore, stamped, type BrandRole, type Context } from '../context.ts';
import type { Rng } from '../rng.ts';
import { defineTable } from '../spec.ts';

const KIND = { vehicle: 1, battery: 2, iot: 3, cabinet: 4 } as const;
const BRANDS: Array<{ role: BrandRole; kind: number; names: string[]; countries: string[] }> = [
  { role: 'bike', kind: KIND.vehicle, names: ['Nusa Bike', 'Laju', 'Kencana Cycle', 'Rimba E-Bike', 'Ombak', 'Pelita'], countries: ['ID', 'TW'] },
  { role: 'moped', kind: KIND.vehicle, names: ['Garuda Moto', 'Elang Listrik', 'Banteng EV', 'Merapi Moto'], countries: ['ID', 'CN'] },
  { role: 'battery', kind: KIND.battery, names: ['Volta Cell', 'Daya Prima', 'Arus Energi', 'Lithia Nusantara'], countries: ['CN', 'ID', 'KR'] },
  { role: 'iot', kind: KIND.iot, names: ['Trackbox', 'Sinyal IoT', 'Jejak Telematics'], countries: ['CN', 'ID'] },
  { role: 'cabinet', kind: KIND.cabinet, names: ['SwapPoint', 'Tukar Daya', 'PowerNest'], countries: ['ID', 'CN'] },
];
const SUPPLIERS = [
  { role: 'vehicle', kind: 1, names: ['PT Sepeda Listrik Nusantara', 'PT Roda Dua Mandiri', 'PT Laju Manufaktur'] },
  { role: 'battery', kind: 2, names: ['PT Sel Energi Indonesia', 'PT Baterai Andalan', 'PT Daya Lithium Jaya'] },
  { role: 'parts', kind: 3, names: ['CV Suku Cadang Jaya', 'CV Onderdil Makmur', 'UD Bengkel Sentosa'] },
  { role: 'iot', kind: 4, names: ['PT Telematika Andal', 'PT Sinyal Cerdas', 'PT Jejak Digital'] },
] as const;
const PEOPLE = ['Andi Wijaya', 'Lina Hartono', 'Bambang Sutrisno', 'Yusuf Halim', 'Sri Wahyuni', 'Dimas Saputra', 'Ratna Dewi', 'Hadi Gunawan'];

const initials = (name: string) =>
  name
    .split(/[\s-]+/)
    .map((w) => w[0])
    .join('')
    .toUpperCase();
const digits = (rng: Rng, n: number) => Array.from({ length: n }, () => rng.int(0, 9)).join('');
/** A different element of the pool per tenant, then chance: neighbouring tenants do not share every name. */
const nameFor = (rng: Rng, pool: readonly string[], tenantIndex: number) => pool[(tenantIndex + rng.int(0, 1)) % pool.length]!;
/** Ids run from 1 across tenants in tenant order, as in a fresh install. */
const counter = () => {
  let id = 0;
  return () => ++id;
};
const catalogueOf = (ctx: Context, tenantId: number) => {
  let entry = ctx.catalogue.get(tenantId);
  if (!entry)
    ctx.catalogue.set(tenantId, (entry = { brands: new Map(), vehicleModelIds: [], rangeM: new Map(), batteryModelIds: [], supplierIds: new Map() }));
  return entry;
};
const since = (ctx: Context, rng: Rng, minDays: number, maxDays: number) =>
  new Date(ctx.asOf.getTime() - rng.int(minDays * 1440, maxDays * 1440) * 60_000);

export const fleetTables = [
  defineTable({
    table: brands,
    *rows(rng, ctx) {
      const nextId = counter();
      for (const [ti, t] of ctx.tenants.entries()) {
        for (const b of BRANDS) {
          const brand = { id: nextId(), name: nameFor(rng, b.names, ti) };
          catalogueOf(ctx, t.id).brands.set(b.role, brand);
          yield { ...brand, tenantId: t.id, kind: b.kind, countryCode: rng.pick(b.countries), ...stamped(since(ctx, rng, 700, 760)) };
        }
      }
    },
    resource: brandResource,
  }),
  defineTable({
    table: productModels,
    *rows(rng, ctx) {
      const nextId = counter();
      for (const t of ctx.tenants) {
        const cat = catalogueOf(ctx, t.id);
        const brand = (role: BrandRole) => cat.brands.get(role)!;
        const model = (role: BrandRole, kind: number, code: string, name: string) => ({
          id: nextId(),
          tenantId: t.id,
          brandId: brand(role).id,
          kind,
          modelCode: `${initials(brand(role).name)}-${code}`,
          name: `${brand(role).name} ${name}`,
          ...stamped(since(ctx, rng, 650, 700)),
        });
        const ebike = (code: string, name: string, formFactor: string) => {
          const row = model('bike', KIND.vehicle, code, name);
          cat.vehicleModelIds.push(row.id);
          const range = rng.int(8, 14) * 5_000;
          cat.rangeM.set(row.id, range);
          return { ...row, formFactor, propulsion: 'electric_assist', maxSpeedKph: 25, maxRangeM: range, wheelCount: 2, riderCapacity: 1 };
        };
        const battery = (volts: 48 | 60 | 72) => {
          const row = model('battery', KIND.battery, `${volts}V`, `${volts} V`);
          cat.batteryModelIds.push(row.id);
          const ah = rng.int(150, 300) / 10;
          return {
            ...row,
            name: `${row.name} ${ah.toFixed(1)} Ah`,
            nominalVoltageV: volts,
            capacityAh: ah.toFixed(1),
            cellCount: { 48: 13, 60: 16, 72: 20 }[volts],
          };
        };
        yield ebike('CITY', 'City', 'bicycle');
        yield rng.chance(0.3) ? ebike('CARGO', 'Cargo', 'cargo_bicycle') : ebike('SPORT', 'Sport', 'bicycle');
        yield battery(48);
        if (rng.chance(0.6)) {
          const moped = model('moped', KIND.vehicle, 'RIDE', 'Ride');
          cat.vehicleModelIds.push(moped.id);
          const speed = rng.pick([45, 50, 60]);
          const range = rng.int(12, 20) * 5_000;
          cat.rangeM.set(moped.id, range);
          yield {
            ...moped,
            name: `${moped.name} ${speed}`,
            formFactor: 'moped',
            propulsion: 'electric',
            maxSpeedKph: speed,
            maxRangeM: range,
            wheelCount: 2,
            riderCapacity: 2,
          };
        } else {
          yield battery(rng.pick([60, 72]));
        }
        yield model('iot', KIND.iot, '4G', '4G');
        yield model('cabinet', KIND.cabinet, '12', '12 slot');
      }
    },
    references: [[productModels.brandId, brands.id]],
    rules: [
      {
        name: 'model of another kind than its brand',
        sql: `SELECT count(*) FROM product_models m JOIN brands b ON b.id = m.brand_id WHERE b.kind <> m.kind OR b.tenant_id <> m.tenant_id`,
      },
      {
        name: 'electric vehicle model without its range',
        sql: `SELECT count(*) FROM product_models WHERE kind = 1 AND propulsion IS NOT NULL AND max_range_m IS NULL`,
      },
    ],
    resource: productModelResource,
  }),
  defineTable({
    table: suppliers,
    *rows(rng, ctx) {
      const nextId = counter();
      for (const [ti, t] of ctx.tenants.entries()) {
        for (const s of SUPPLIERS) {
          const id = nextId();
          catalogueOf(ctx, t.id).supplierIds.set(s.role, id);
          const name = nameFor(rng, s.names, ti);
          yield {
            id,
            tenantId: t.id,
            name,
            kind: s.kind,
            contactName: rng.pick(PEOPLE),
            phone: `+6221${digits(rng, 8)}`,
            email: `sales@${name.split(' ').slice(1).join('').toLowerCase()}.example`,
            address: `Jl. Industri No. ${rng.int(1, 120)}, ${rng.pick(['Cikarang', 'Batam', 'Surabaya', 'Tangerang'])}`,
            npwp: `${digits(rng, 2)}.${digits(rng, 3)}.${digits(rng, 3)}.${digits(rng, 1)}-${digits(rng, 3)}.000`,
            ...stamped(since(ctx, rng, 700, 760)),
          };
        }
      }
    },
    resource: supplierResource,
  }),
  defineTable({
    table: factoryLots,
    *rows(rng, ctx) {
      const nextId = counter();
      for (const c of ctx.cities) {
        const cat = catalogueOf(ctx, c.tenantId);
        const lot = (kind: number, quantity: number, supplier: 'vehicle' | 'battery', modelId: number, warrantyMonths: number, cost: number) => {
          const produced = rng.int(200, 420);
          const received = produced - rng.int(20, 60);
          const yymm = daysBefore(ctx, produced).slice(2, 7).replace('-', '');
          return {
            id: nextId(),
            tenantId: c.tenantId,
            cityCode: c.cityCode,
            lotNo: `LOT-${yymm}-${c.cityCode}-${kind === KIND.vehicle ? 'V' : 'B'}`,
            supplierId: cat.supplierIds.get(supplier)!,
            modelId,
            kind,
            quantity,
            qcPassed: quantity - Math.floor(quantity * rng.float(0, 0.005)),
            producedOn: daysBefore(ctx, produced),
            receivedOn: daysBefore(ctx, received),
            warrantyMonths,
            unitCost: cost,
            currency: 'IDR',
            status: 2,
            // Entered the day it arrived, in office hours.
            ...stamped(new Date(ctx.asOf.getTime() - received * DAY_MS + rng.int(1, 9 * 60) * 60_000)),
          };
        };
        // The city's sharing e-bike (the first model) and its 48 V pack; a city too small for a lot has none.
        const lots: { vehicle?: number; battery?: number } = {};
        ctx.lots.set(c.cityCode, lots);
        if (c.vehicles > 0) {
          const row = lot(KIND.vehicle, c.vehicles, 'vehicle', cat.vehicleModelIds[0]!, 24, rng.int(240, 320) * 50_000);
          lots.vehicle = row.id;
          yield row;
        }
        if (c.batteries > 0) {
          const row = lot(KIND.battery, c.batteries, 'battery', cat.batteryModelIds[0]!, 18, rng.int(56, 72) * 50_000);
          lots.battery = row.id;
          yield row;
        }
      }
    },
    references: [
      [factoryLots.supplierId, suppliers.id],
      [factoryLots.modelId, productModels.id],
    ],
    rules: [
      {
        name: 'lot of another kind than its model',
        sql: `SELECT count(*) FROM factory_lots l JOIN product_models m ON m.id = l.model_id WHERE m.kind <> l.kind OR m.tenant_id <> l.tenant_id`,
      },
      { name: 'lot with more passing QC than it holds', sql: `SELECT count(*) FROM factory_lots WHERE qc_passed > quantity OR quantity < 1` },
      { name: 'lot received before it was made', sql: `SELECT count(*) FROM factory_lots WHERE received_on < produced_on` },
    ],
    resource: factoryLotResource,
  }),
];
