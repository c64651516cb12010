/**
 * A demo tenant's spare parts (DOMAIN §2.1): a small types tree, the parts an e-bike workshop keeps, and each city's
 * depot stocked by a purchase some weeks ago. In the first city the brake pads have run low through repairs: the
 * depot holds fewer than the safety stock, so LOW_SPARE_STOCK is open there, as the storekeeper would find it.
 */
import { StationType } from '@kayuh/contract/resources/fleet';
import { PartMoveReason } from '@kayuh/contract/resources/spareParts';
import { and, eq, isNull } from 'drizzle-orm';
import { moveStock } from '../../modules/operations/spareParts/stock.ts';
import type { Db } from '../client.ts';
import { productModels, spareParts, sparePartTypes, stations, suppliers } from '../schema.ts';
import type { DemoTenant } from './demoOrg.ts';

export const DEMO_PART_TYPES = [
  { code: 'BRAKE', name: 'Rem', parent: null },
  { code: 'BRAKE_PAD', name: 'Kampas rem', parent: 'BRAKE' },
  { code: 'BRAKE_CABLE', name: 'Kabel rem', parent: 'BRAKE' },
  { code: 'WHEEL', name: 'Roda dan ban', parent: null },
  { code: 'ELECTRIC', name: 'Kelistrikan', parent: null },
  { code: 'LIGHT', name: 'Lampu', parent: 'ELECTRIC' },
  { code: 'LOCK', name: 'Kunci dan IoT', parent: 'ELECTRIC' },
] as const;

/** The parts, their cost, safety stock and what each depot got at its purchase. */
const PARTS = [
  { partNo: 'BRK-PAD-F', name: 'Kampas rem depan', type: 'BRAKE_PAD', unit: 'set', unitCost: 45_000, safetyStock: 10, bought: 40 },
  { partNo: 'BRK-PAD-R', name: 'Kampas rem belakang', type: 'BRAKE_PAD', unit: 'set', unitCost: 45_000, safetyStock: 10, bought: 40 },
  { partNo: 'BRK-CBL', name: 'Kabel rem', type: 'BRAKE_CABLE', unit: 'm', unitCost: 12_000, safetyStock: 20, bought: 100 },
  { partNo: 'TYR-16', name: 'Ban luar 16 inci', type: 'WHEEL', unit: 'pcs', unitCost: 95_000, safetyStock: 8, bought: 30 },
  { partNo: 'TUB-16', name: 'Ban dalam 16 inci', type: 'WHEEL', unit: 'pcs', unitCost: 35_000, safetyStock: 15, bought: 60 },
  { partNo: 'LGT-FRONT', name: 'Lampu depan LED', type: 'LIGHT', unit: 'pcs', unitCost: 60_000, safetyStock: 5, bought: 20 },
  { partNo: 'LCK-IOT', name: 'Kunci IoT', type: 'LOCK', unit: 'pcs', unitCost: 450_000, safetyStock: 3, bought: 10 },
];
/** The first city's front pads gone to repairs since: 33 of 40, leaving 7, below the safety stock of 10. */
const PADS_USED = 33;

export async function seedDemoSpareParts(db: Db, t: DemoTenant) {
  const typeIds = new Map<string, number>();
  for (const [i, type] of DEMO_PART_TYPES.entries()) {
    const [row] = await db
      .insert(sparePartTypes)
      .values({ tenantId: t.id, code: type.code, name: type.name, orderNum: i, parentId: type.parent ? typeIds.get(type.parent)! : 0 })
      .returning({ id: sparePartTypes.id });
    typeIds.set(type.code, row!.id);
  }
  const [supplier] = await db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(and(eq(suppliers.tenantId, t.id), eq(suppliers.kind, 3)));
  const models = await db
    .select({ id: productModels.id })
    .from(productModels)
    .where(and(eq(productModels.tenantId, t.id), eq(productModels.kind, 1)));
  const parts = await db
    .insert(spareParts)
    .values(
      PARTS.map((p) => ({
        tenantId: t.id,
        partNo: p.partNo,
        name: p.name,
        typeId: typeIds.get(p.type)!,
        supplierId: supplier?.id ?? null,
        unit: p.unit,
        compatibleModelIds: p.type === 'LOCK' ? null : models.map((m) => m.id),
        unitCost: p.unitCost,
        currency: 'IDR',
        safetyStock: p.safetyStock,
      })),
    )
    .returning();
  const depots = await db
    .select({ id: stations.id, cityCode: stations.cityCode, name: stations.name })
    .from(stations)
    .where(and(eq(stations.tenantId, t.id), eq(stations.type, StationType.depot), isNull(stations.deletedAt)));
  for (const depot of depots) {
    for (const [i, part] of parts.entries()) {
      const move = { tenantId: t.id, part, depot, actorId: null };
      await moveStock(db, { ...move, delta: PARTS[i]!.bought, reason: PartMoveReason.purchaseIn, remark: 'PO awal' });
    }
  }
  const firstDepot = depots.find((d) => d.cityCode === t.cities[0]!.code);
  if (firstDepot)
    await moveStock(db, { tenantId: t.id, part: parts[0]!, depot: firstDepot, actorId: null, delta: -PADS_USED, reason: PartMoveReason.repairOut });
}
