import { Code } from '@kayuh/contract/codes';
import {
  heaviestShareDay,
  PARTNER_KIND_OF_PARTY,
  PartyType,
  profitShareConfigResource,
  SHARE_BP_MAX,
  SHARED_REVENUE_TYPES,
  type ShareConfigSpan,
} from '@kayuh/contract/resources/profitShares';
import { and, eq, ne, sql } from 'drizzle-orm';
import { partnerAgencies, profitShareConfigs } from '../../../db/schema.ts';
import { BizError, invalidField } from '../../../platform/errors.ts';
import { bindResource, blankToNull, type HookContext } from '../../../platform/resources/binding.ts';
import { tenantRows } from '../../../platform/scope.ts';

/** Who the config pays: a merchant config pays the hosting merchant (no partner named); others a partner of the right kind, or the default. */
async function checkParty({ tx, tenantId, next }: HookContext) {
  const partyType = Number(next.partyType);
  const partyId = blankToNull(next.partyId);
  if (partyId === null) return;
  if (partyType === PartyType.merchant) throw invalidField('partyId', 'profitShare.merchantIsHost');
  const [partner] = await tx
    .select({ kind: partnerAgencies.kind, cityCodes: partnerAgencies.cityCodes })
    .from(partnerAgencies)
    .where(and(eq(partnerAgencies.id, Number(partyId)), tenantRows(tenantId, partnerAgencies)));
  if (!partner) return; // assertReferences answers for a partner that is not the tenant's
  if (partner.kind !== PARTNER_KIND_OF_PARTY[partyType]) throw invalidField('partyId', 'profitShare.partnerKind');
  const city = blankToNull(next.cityCode);
  if (city !== null && !partner.cityCodes.includes(Number(city))) throw invalidField('partyId', 'validation.partnerNotInCity');
}

/**
 * The whole order is never shared out twice (DOMAIN §2.7): with this config as it will be, the active configs of its
 * revenue type hold at most SHARE_BP_MAX on any city and day. Saves of one revenue type take turns (an advisory lock),
 * so two at once cannot each find room the other takes.
 */
async function checkRoom({ tx, tenantId, next }: HookContext) {
  if (Number(next.status) !== 0) return;
  const revenueType = String(next.revenueType);
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`profit_share_configs:${tenantId}:${revenueType}`}))`);
  const others = await tx
    .select({
      partyType: profitShareConfigs.partyType,
      cityCode: profitShareConfigs.cityCode,
      shareBp: profitShareConfigs.shareBp,
      validFrom: profitShareConfigs.validFrom,
      validTo: profitShareConfigs.validTo,
    })
    .from(profitShareConfigs)
    .where(
      and(
        tenantRows(tenantId, profitShareConfigs),
        eq(profitShareConfigs.revenueType, revenueType),
        eq(profitShareConfigs.status, 0),
        next.id === undefined ? undefined : ne(profitShareConfigs.id, Number(next.id)),
      ),
    );
  const mine: ShareConfigSpan = {
    partyType: Number(next.partyType),
    cityCode: blankToNull(next.cityCode) === null ? null : Number(next.cityCode),
    shareBp: Number(next.shareBp),
    validFrom: String(next.validFrom),
    validTo: blankToNull(next.validTo) === null ? null : String(next.validTo),
  };
  // Only the configs that share a day and a city with this one can add up with it.
  const touching = others.filter(
    (o) =>
      (mine.cityCode === null || o.cityCode === null || o.cityCode === mine.cityCode) &&
      (o.validTo === null || o.validTo >= mine.validFrom) &&
      (mine.validTo === null || o.validFrom <= mine.validTo),
  );
  const heaviest = heaviestShareDay([...touching, mine]);
  if (heaviest && heaviest.bp > SHARE_BP_MAX)
    throw new BizError(Code.validation, undefined, { fields: { shareBp: 'profitShare.overWhole' } }, { bp: heaviest.bp, day: heaviest.day });
}

/**
 * Profit share configs (/operations/profitConfiguration; docs/profit-sharing.md): a revenue type an order sells, a
 * window that ends after it starts, a party of the right kind, and room left in the whole order. A config for every
 * city is set by staff who work in every city.
 */
export const profitShareConfigBinding = bindResource(profitShareConfigResource, profitShareConfigs, {
  noCityIsEveryCity: true,
  async check(ctx) {
    const { auth, next } = ctx;
    if (!(SHARED_REVENUE_TYPES as readonly string[]).includes(String(next.revenueType))) throw invalidField('revenueType', 'profitShare.notShared');
    if (blankToNull(next.cityCode) === null && !auth.allCities) throw invalidField('cityCode', 'profitShare.everyCityNeedsAll');
    if (blankToNull(next.validTo) !== null && String(next.validTo) < String(next.validFrom))
      throw invalidField('validTo', 'profitShare.endsBeforeStart');
    await checkParty(ctx);
    await checkRoom(ctx);
  },
});
