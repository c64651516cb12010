/**
 * A demo tenant's partners (DOMAIN §2.2) and the batteries they bought (§2.1 battery_acquisitions): an investor
 * working in every city of the tenant, an operating agent and a workshop contractor in its first city, and three
 * contracts in that city — one delivered (its 20 batteries, running in the fleet, are the investor's), one paid and
 * waiting for its delivery, one just ordered. The investor also owns ten of the vehicles those batteries run in, the
 * agent five other vehicles of the city (their shares come from rides on their own assets, DOMAIN §4.4).
 */
import { BatteryState } from '@kayuh/contract/resources/fleet';
import { ApplicationStatus } from '@kayuh/contract/resources/merchants';
import { AcquisitionStatus, OwnerType, PartnerKind } from '@kayuh/contract/resources/partners';
import { PartyType } from '@kayuh/contract/resources/profitShares';
import { and, asc, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { openPartner } from '../../modules/operations/partners/partnerAgencies.ts';
import { nextBusinessNo } from '../../platform/businessNo.ts';
import { tenantCurrency } from '../../platform/ledger/accounts.ts';
import { batteries, batteryAcquisitions, factoryLots, joinApplications, productModels, profitShareConfigs, vehicles } from '../schema.ts';
import type { DemoTenant } from './demoOrg.ts';

const DAY = 86_400_000;
const ago = (now: Date, days: number) => new Date(now.getTime() - days * DAY);
const dateOf = (at: Date) => at.toISOString().slice(0, 10);

/** The partners' contacts, people of the tenant's own region. */
const CONTACTS: Record<number, [string, string, string]> = {
  2: ['Rina Kusuma', 'Hendra Wijaya', 'Agus Pranoto'],
  3: ['Ni Luh Ayu Lestari', 'I Made Darma', 'Komang Adi Putra'],
};

export async function seedPartners(db: Db, t: DemoTenant, now: Date) {
  const city = t.cities[0]!;
  const [investorContact, agentContact, contractorContact] = CONTACTS[t.id]!;
  // Each opened as the console opens one: with its payable account (PARTNER_PAYABLE).
  const opened = [];
  for (const values of [
    {
      name: 'PT Investa Daya Nusantara',
      kind: PartnerKind.investor,
      cityCodes: t.cities.map((c) => c.code),
      contactName: investorContact,
      phone: '+6281255501234',
      email: 'kemitraan@investadaya.example',
      npwp: '01.234.567.8-012.000',
      contractEndOn: '2029-12-31',
    },
    {
      name: `CV Mitra Gowes ${city.name}`,
      kind: PartnerKind.operatingAgent,
      cityCodes: [city.code],
      contactName: agentContact,
      phone: '+6281377702345',
      contractEndOn: '2027-06-30',
    },
    {
      name: 'UD Bengkel Sepeda Jaya',
      kind: PartnerKind.contractor,
      cityCodes: [city.code],
      contactName: contractorContact,
      phone: '+6285799903456',
    },
  ])
    opened.push(await openPartner(db, t.id, values, null));
  const [investor, agent] = opened;

  const [lot] = await db
    .select({ id: factoryLots.id, modelId: factoryLots.modelId })
    .from(factoryLots)
    .where(and(eq(factoryLots.tenantId, t.id), eq(factoryLots.cityCode, city.code), eq(factoryLots.kind, 2)));
  const [model] = await db.select({ id: productModels.id }).from(productModels).where(eq(productModels.id, lot!.modelId));
  const contract = (n: number, partnerId: number, quantity: number, unitPrice: number, status: number, madeDaysAgo: number) => ({
    tenantId: t.id,
    cityCode: city.code,
    contractNo: `INV-${t.code}-2026-${String(n).padStart(3, '0')}`,
    partnerId,
    modelId: model!.id,
    factoryLotId: lot!.id,
    quantity,
    unitPrice,
    total: quantity * unitPrice,
    currency: 'IDR',
    shareStartOn: dateOf(ago(now, madeDaysAgo - 30)),
    shareMonths: 24,
    status,
    createdAt: ago(now, madeDaysAgo),
    // Touched last at its payment or delivery, never later than now.
    updatedAt: ago(now, Math.max(1, madeDaysAgo - 20)),
  });
  const [delivered] = await db
    .insert(batteryAcquisitions)
    .values([
      { ...contract(1, investor!.id, 20, 3_400_000, AcquisitionStatus.delivered, 90), deliveredAt: ago(now, 70) },
      contract(2, agent!.id, 10, 3_450_000, AcquisitionStatus.paid, 12),
      contract(3, investor!.id, 40, 3_350_000, AcquisitionStatus.ordered, 3),
    ])
    .returning({ id: batteryAcquisitions.id });

  // The delivered contract's batteries: 20 of the city's lot, running in its vehicles.
  const running = await db
    .select({ id: batteries.id, vehicleId: batteries.vehicleId })
    .from(batteries)
    .where(and(eq(batteries.tenantId, t.id), eq(batteries.factoryLotId, lot!.id), eq(batteries.state, BatteryState.installed)))
    .orderBy(asc(batteries.id))
    .limit(20);
  await db
    .update(batteries)
    .set({ ownerType: OwnerType.investor, ownerPartnerId: investor!.id, acquisitionId: delivered!.id })
    .where(
      inArray(
        batteries.id,
        running.map((b) => b.id),
      ),
    );

  const investorVehicles = running.slice(0, 10).map((b) => b.vehicleId!);
  await db.update(vehicles).set({ ownerType: OwnerType.investor, ownerPartnerId: investor!.id }).where(inArray(vehicles.id, investorVehicles));
  const agentVehicles = await db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(eq(vehicles.tenantId, t.id), eq(vehicles.cityCode, city.code), notInArray(vehicles.id, investorVehicles)))
    .orderBy(desc(vehicles.id))
    .limit(5);
  await db
    .update(vehicles)
    .set({ ownerType: OwnerType.partner, ownerPartnerId: agent!.id })
    .where(
      inArray(
        vehicles.id,
        agentVehicles.map((v) => v.id),
      ),
    );
}

/**
 * Two people asking to join (join_list, DOMAIN §3.6): a would-be operating agent in the tenant's last city, just
 * submitted, and an investor whose application operations has picked up.
 */
export async function seedJoinApplications(db: Db, t: DemoTenant, now: Date) {
  const city = t.cities.at(-1)!;
  const [agentName, investorName] = JOIN_APPLICANTS[t.id]!;
  const currency = await tenantCurrency(db, t.id);
  const rows = [
    {
      kind: PartnerKind.operatingAgent,
      applicantName: agentName,
      phone: '+6281311102468',
      company: `CV Roda ${city.name}`,
      plannedVehicles: 50,
      daysAgo: 1,
    },
    {
      kind: PartnerKind.investor,
      applicantName: investorName,
      phone: '+6281522203579',
      company: null,
      plannedBatteries: 200,
      plannedInvestment: 700_000_000,
      status: ApplicationStatus.underReview,
      daysAgo: 4,
    },
  ];
  for (const { daysAgo, ...row } of rows) {
    const { id, no } = await nextBusinessNo(db, 'join_applications', 'JA', ago(now, daysAgo));
    await db.insert(joinApplications).values({
      ...row,
      id,
      tenantId: t.id,
      applicationNo: no,
      cityCode: city.code,
      currency: 'plannedInvestment' in row ? currency : null,
      createdAt: ago(now, daysAgo),
      updatedAt: ago(now, daysAgo),
    });
  }
}

const JOIN_APPLICANTS: Record<number, [string, string]> = {
  2: ['Bayu Saputra', 'Siti Rahmawati'],
  3: ['Kadek Wirawan', 'Putu Ayu Sari'],
};

/**
 * The tenant's profit shares (profitConfiguration, docs/profit-sharing.md), in force for a quarter: a fifth of a swap
 * to the merchant hosting the cabinet, 15% of a ride in the first city to its operating agent, and to investors 30%
 * of what their own vehicles and batteries earn.
 */
export async function seedShareConfigs(db: Db, t: DemoTenant, now: Date) {
  const validFrom = dateOf(ago(now, 90));
  await db.insert(profitShareConfigs).values([
    { tenantId: t.id, revenueType: 'SWAP', partyType: PartyType.merchant, shareBp: 2000, validFrom },
    { tenantId: t.id, revenueType: 'RIDE', partyType: PartyType.partnerAgency, shareBp: 1500, cityCode: t.cities[0]!.code, validFrom },
    { tenantId: t.id, revenueType: 'RIDE', partyType: PartyType.investor, shareBp: 3000, validFrom },
    { tenantId: t.id, revenueType: 'SWAP', partyType: PartyType.investor, shareBp: 3000, validFrom },
  ]);
}
