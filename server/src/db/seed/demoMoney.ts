import { PLATFORM_OWNER_TYPE } from '@kayuh/contract/rules/ledgerChart';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { accounts, paymentChannels, topupPackages } from '../schema.ts';
import type { DemoTenant } from './demoOrg.ts';
import { seedProductTypes } from './money.ts';

/** The demo's customer-service role approves refunds up to this (DOMAIN §9.2). */
export const CS_REFUND_APPROVE_LIMIT = 100_000;

/**
 * The demo's gateway channels: sandboxes (credentials_ref DEMO_<CHANNEL_CODE>) speaking Midtrans's and Xendit's wire
 * formats in the server itself. The QRIS channel is Midtrans's, with a made-up NMID of the test range.
 */
const DEMO_CHANNELS = [
  { channelCode: 'QRIS', provider: 'midtrans', feeFixed: 0, feeBp: 70, settleDays: 1, nmid: true },
  { channelCode: 'VA_BCA', provider: 'midtrans', feeFixed: 4_000, feeBp: 0, settleDays: 1 },
  { channelCode: 'VA_BNI', provider: 'xendit', feeFixed: 4_000, feeBp: 0, settleDays: 1 },
  { channelCode: 'EW_GOPAY', provider: 'midtrans', feeFixed: 0, feeBp: 200, settleDays: 2 },
  { channelCode: 'EW_OVO', provider: 'xendit', feeFixed: 0, feeBp: 273, settleDays: 2 },
] as const;

/** DOMAIN §9.3 top-up packages: pay the amount, get the bonus on top. */
const DEMO_PACKAGES = [
  [20_000, 0],
  [50_000, 5_000],
  [100_000, 15_000],
  [200_000, 40_000],
] as const;

export async function seedDemoMoney(db: Db, tenant: DemoTenant) {
  await seedProductTypes(db, tenant.id);
  for (const [i, c] of DEMO_CHANNELS.entries()) {
    const [clearing] = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(
        and(
          eq(accounts.tenantId, tenant.id),
          eq(accounts.ownerType, PLATFORM_OWNER_TYPE),
          eq(accounts.code, `CLEARING:${c.channelCode}`),
          eq(accounts.slice, 0),
        ),
      );
    await db.insert(paymentChannels).values({
      tenantId: tenant.id,
      channelCode: c.channelCode,
      provider: c.provider,
      providerMerchantId: `${c.provider.toUpperCase()}-${tenant.code}-${i + 1}`,
      nmid: 'nmid' in c ? `ID10${String(tenant.id).padStart(4, '0')}${String(2_026_001 + i).padStart(7, '0')}` : null,
      credentialsRef: `DEMO_${c.channelCode}`,
      feeFixed: c.feeFixed,
      feeBp: c.feeBp,
      currency: 'IDR',
      settleDays: c.settleDays,
      clearingAccountId: clearing!.id,
    });
  }
  // The operator's IAK account for PLN tokens, pulsa and data: IAK's username is the account's phone number.
  const [bank] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.tenantId, tenant.id), eq(accounts.ownerType, PLATFORM_OWNER_TYPE), eq(accounts.code, 'BANK')));
  await db.insert(paymentChannels).values({
    tenantId: tenant.id,
    channelCode: 'IAK',
    provider: 'iak',
    providerMerchantId: `0812${String(tenant.id).padStart(8, '0')}`,
    credentialsRef: 'DEMO_IAK',
    feeFixed: 0,
    feeBp: 0,
    currency: 'IDR',
    settleDays: 0,
    clearingAccountId: bank!.id,
  });
  await db.insert(topupPackages).values(
    DEMO_PACKAGES.map(([amount, bonus], i) => ({
      tenantId: tenant.id,
      amount,
      bonus,
      currency: 'IDR',
      labelKey: bonus ? `Bonus Rp ${bonus.toLocaleString('id-ID')}` : null,
      sort: i + 1,
    })),
  );
}
