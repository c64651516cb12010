/**
 * DOMAIN §9.4's fleet catalogue for a demo tenant: the brands and models its vehicles, batteries, IoT boxes and
 * cabinets are (two e-bikes for sharing and an e-moped for rental), their suppliers, and one received vehicle lot and
 * battery lot per city sized to the city's demo fleet. Names are the demo's own, not real makers'.
 */
import type { Db } from '../client.ts';
import { brands, factoryLots, productModels, suppliers } from '../schema.ts';
import { seedAlarmCentre } from './alarmRules.ts';
import { seedFaultTypes } from './faultTypes.ts';
import type { DemoTenant } from './demoOrg.ts';

/** Demo vehicles per city (§9.4), which the city's lots deliver. */
/** §9.4: KitaBike's 600 packs for 350 vehicles, GowesBali's 320 for 180: about 1.7 per vehicle. */
const PACKS_PER_VEHICLE = 1.7;

const VEHICLES_PER_CITY: Record<number, number> = { 2001: 180, 2002: 90, 2003: 80, 3001: 120, 3002: 60 };

const BRANDS = [
  { key: 'bike', name: 'Nusa Bike', kind: 1, countryCode: 'ID' },
  { key: 'moped', name: 'Garuda Moto', kind: 1, countryCode: 'ID' },
  { key: 'cell', name: 'Volta Cell', kind: 2, countryCode: 'CN' },
  { key: 'iot', name: 'Trackbox', kind: 3, countryCode: 'CN' },
  { key: 'cabinet', name: 'SwapPoint', kind: 4, countryCode: 'ID' },
] as const;

type BrandKey = (typeof BRANDS)[number]['key'];

const MODELS: Array<{ brand: BrandKey; kind: number; modelCode: string; name: string } & Partial<typeof productModels.$inferInsert>> = [
  {
    brand: 'bike',
    kind: 1,
    modelCode: 'NB-CITY-2',
    name: 'Nusa City 2',
    formFactor: 'bicycle',
    propulsion: 'electric_assist',
    maxSpeedKph: 25,
    maxRangeM: 60_000,
    wheelCount: 2,
    riderCapacity: 1,
  },
  {
    brand: 'bike',
    kind: 1,
    modelCode: 'NB-SPORT',
    name: 'Nusa Sport',
    formFactor: 'bicycle',
    propulsion: 'electric_assist',
    maxSpeedKph: 25,
    maxRangeM: 45_000,
    wheelCount: 2,
    riderCapacity: 1,
  },
  {
    brand: 'moped',
    kind: 1,
    modelCode: 'GM-RIDE-45',
    name: 'Garuda Ride 45',
    formFactor: 'moped',
    propulsion: 'electric',
    maxSpeedKph: 45,
    maxRangeM: 70_000,
    wheelCount: 2,
    riderCapacity: 2,
  },
  { brand: 'cell', kind: 2, modelCode: 'VC-48-20', name: 'Volta 48 V 20 Ah', nominalVoltageV: 48, capacityAh: '20.0', cellCount: 13 },
  { brand: 'iot', kind: 3, modelCode: 'TB-4G-L', name: 'Trackbox 4G Lite' },
  { brand: 'cabinet', kind: 4, modelCode: 'SP-12', name: 'SwapPoint 12 bays' },
];

const SUPPLIERS = [
  { key: 'bike', name: 'PT Nusa Bike Indonesia', kind: 1, contactName: 'Andi Wijaya', phone: '+62215550101' },
  { key: 'cell', name: 'PT Volta Energi Nusantara', kind: 2, contactName: 'Lina Hartono', phone: '+62215550102' },
  { key: 'parts', name: 'CV Suku Cadang Jaya', kind: 3, contactName: 'Bambang Sutrisno', phone: '+62215550103' },
  { key: 'iot', name: 'PT Trackbox Teknologi', kind: 4, contactName: 'Yusuf Halim', phone: '+62215550104' },
] as const;

export async function seedFleetCatalogue(db: Db, t: DemoTenant) {
  await seedFaultTypes(db, t.id);
  await seedAlarmCentre(db, t.id);
  const brandRows = await db
    .insert(brands)
    .values(BRANDS.map(({ key: _key, ...b }) => ({ tenantId: t.id, ...b })))
    .returning({ id: brands.id, name: brands.name });
  const brandId = (key: BrandKey) => brandRows.find((b) => b.name === BRANDS.find((x) => x.key === key)!.name)!.id;
  const modelRows = await db
    .insert(productModels)
    .values(MODELS.map(({ brand, ...m }) => ({ tenantId: t.id, brandId: brandId(brand), ...m })))
    .returning({ id: productModels.id, code: productModels.modelCode });
  const modelId = (code: string) => modelRows.find((m) => m.code === code)!.id;
  const supplierRows = await db
    .insert(suppliers)
    .values(SUPPLIERS.map(({ key: _key, ...s }) => ({ tenantId: t.id, ...s })))
    .returning({ id: suppliers.id, name: suppliers.name });
  const supplierId = (key: (typeof SUPPLIERS)[number]['key']) => supplierRows.find((s) => s.name === SUPPLIERS.find((x) => x.key === key)!.name)!.id;

  await db.insert(factoryLots).values(
    t.cities.flatMap((c) => {
      const vehicles = VEHICLES_PER_CITY[c.code] ?? 50;
      const slug = c.slug.slice(0, 3).toUpperCase();
      const lot = { tenantId: t.id, cityCode: c.code, status: 2, currency: 'IDR', producedOn: '2026-06-02', receivedOn: '2026-07-15' };
      return [
        {
          ...lot,
          lotNo: `LOT-2607-${slug}-V`,
          kind: 1,
          supplierId: supplierId('bike'),
          modelId: modelId('NB-CITY-2'),
          quantity: vehicles,
          qcPassed: vehicles,
          warrantyMonths: 24,
          unitCost: 14_500_000,
        },
        {
          ...lot,
          lotNo: `LOT-2607-${slug}-B`,
          kind: 2,
          supplierId: supplierId('cell'),
          modelId: modelId('VC-48-20'),
          quantity: Math.round(vehicles * PACKS_PER_VEHICLE),
          qcPassed: Math.round(vehicles * PACKS_PER_VEHICLE) - 2,
          warrantyMonths: 18,
          unitCost: 3_200_000,
        },
      ];
    }),
  );
}
