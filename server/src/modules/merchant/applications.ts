import { MERCHANT_SITES_FOR_ADMIN, merchantApplicationResource } from '@kayuh/contract/resources/merchants';
import { Code } from '@kayuh/contract/codes';
import { hasPerm } from '@kayuh/contract/rules/permissions';
import { eq } from 'drizzle-orm';
import { merchantApplications } from '../../db/schema.ts';
import { actorUserId } from '../../platform/auth/context.ts';
import { nextBusinessNo } from '../../platform/businessNo.ts';
import { BizError } from '../../platform/errors.ts';
import { bindResource, type HookContext } from '../../platform/resources/binding.ts';
import { addOwner, openMerchant } from './merchants.ts';

/** Who may approve an application for more than MERCHANT_SITES_FOR_ADMIN sites: the tenant admin's permission. */
const APPROVE_LARGE = 'merchant:application:approve';

const decided = ({ auth }: HookContext) => ({ reviewerId: actorUserId(auth), reviewedAt: new Date() });

/**
 * Merchant applications (/main/application, DOMAIN §3.6, docs/merchants.md). Approving makes the merchant from the
 * application — named by the business (else the applicant), in its city, at its address — with its payable account
 * and the applicant as its owner, in the approval's transaction; a name or an owner's phone the tenant already has
 * refuses the approval (2005) and leaves the application under review.
 */
export const merchantApplicationBinding = bindResource(merchantApplicationResource, merchantApplications, {
  async create({ tx, tenantId, values, auth }) {
    const { id, no } = await nextBusinessNo(tx, 'merchant_applications', 'MA');
    const [row] = await tx
      .insert(merchantApplications)
      .values({ ...(values as typeof merchantApplications.$inferInsert), id, tenantId, applicationNo: no, createdBy: actorUserId(auth) })
      .returning();
    return row as Record<string, unknown>;
  },
  events: {
    pickUpApplication: { set: ({ auth }) => ({ reviewerId: actorUserId(auth) }) },
    approveApplication: {
      guard: ({ auth, current }) => {
        if (Number(current!.plannedSites) > MERCHANT_SITES_FOR_ADMIN && !hasPerm(auth.perms, APPROVE_LARGE)) {
          throw new BizError(Code.forbidden, 'merchant.sitesNeedAdmin', undefined, { max: MERCHANT_SITES_FOR_ADMIN });
        }
      },
      set: decided,
      effects: async ({ tx, current, auth }) => {
        const app = current as typeof merchantApplications.$inferSelect;
        const by = actorUserId(auth);
        const merchant = await openMerchant(
          tx,
          app.tenantId,
          {
            name: app.companyName ?? app.applicantName,
            type: app.merchantType,
            cityCode: app.cityCode,
            contactName: app.applicantName,
            phone: app.phone,
            address: app.address,
            lat: app.lat,
            lng: app.lng,
            nib: app.nib,
            npwp: app.npwp,
            applicationId: app.id,
          },
          by,
        );
        await addOwner(tx, merchant, { name: app.applicantName, phone: app.phone }, by);
        await tx.update(merchantApplications).set({ merchantId: merchant.id }).where(eq(merchantApplications.id, app.id));
      },
    },
    rejectApplication: { set: (ctx) => ({ ...decided(ctx), rejectReason: String(ctx.event!.payload.rejectReason).trim() }) },
  },
});
