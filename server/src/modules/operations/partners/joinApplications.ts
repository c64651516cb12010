import type { JoinApplyBody, MyJoinApplication } from '@kayuh/contract/api/joinApply';
import { Code } from '@kayuh/contract/codes';
import { ApplicationStatus } from '@kayuh/contract/resources/merchants';
import { joinApplicationResource } from '@kayuh/contract/resources/partners';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { joinApplications } from '../../../db/schema.ts';
import { actorUserId } from '../../../platform/auth/context.ts';
import { nextBusinessNo } from '../../../platform/businessNo.ts';
import { BizError, notFound } from '../../../platform/errors.ts';
import { tenantCurrency } from '../../../platform/ledger/accounts.ts';
import { bindResource, type HookContext } from '../../../platform/resources/binding.ts';
import type { MemberContext } from '../../../platform/types.ts';
import { lockedActiveMember } from '../../member/lockedMember.ts';
import { cityOf } from '../../payment/topup.ts';
import { openPartner } from './partnerAgencies.ts';

type Application = typeof joinApplications.$inferSelect;
const OPEN: number[] = [ApplicationStatus.submitted, ApplicationStatus.underReview];

const decided = ({ auth }: HookContext) => ({ reviewerId: actorUserId(auth), reviewedAt: new Date() });

/**
 * Join applications (/operations/join_list, DOMAIN §3.6; docs/partners.md). Approving makes the partner agency from the
 * application — named by its company (else the applicant), of its kind, working in its city, the applicant its
 * contact — with its payable account, in the approval's transaction; a name the tenant already has refuses the
 * approval (2005 naming it) and leaves the application under review.
 */
export const joinApplicationBinding = bindResource(joinApplicationResource, joinApplications, {
  events: {
    pickUpApplication: { set: ({ auth }) => ({ reviewerId: actorUserId(auth) }) },
    approveApplication: {
      set: decided,
      effects: async ({ tx, current, auth }) => {
        const app = current as Application;
        const partner = await openPartner(
          tx,
          app.tenantId,
          {
            name: app.company ?? app.applicantName,
            kind: app.kind,
            cityCodes: [app.cityCode],
            contactName: app.applicantName,
            phone: app.phone,
            applicationId: app.id,
          },
          actorUserId(auth),
        );
        await tx.update(joinApplications).set({ partnerId: partner.id }).where(eq(joinApplications.id, app.id));
      },
    },
    rejectApplication: { set: (ctx) => ({ ...decided(ctx), rejectReason: String(ctx.event!.payload.rejectReason).trim() }) },
  },
});

const viewOf = (a: Application): MyJoinApplication => ({
  applicationNo: a.applicationNo,
  kind: a.kind,
  applicantName: a.applicantName,
  company: a.company,
  cityCode: a.cityCode,
  status: a.status,
  rejectReason: a.rejectReason,
  submittedAt: a.createdAt.toISOString(),
  reviewedAt: a.reviewedAt?.toISOString() ?? null,
});

/** The rider's applications (by their phone), newest first; only those in `statuses`, or the one numbered, when given. */
function mine(db: Db, rider: MemberContext, statuses?: number[], applicationNo?: string) {
  return db
    .select()
    .from(joinApplications)
    .where(
      and(
        eq(joinApplications.tenantId, rider.tenantId),
        eq(joinApplications.phone, sql`(SELECT m.phone FROM members m WHERE m.id = ${rider.memberId})`),
        statuses ? inArray(joinApplications.status, statuses) : undefined,
        applicationNo === undefined ? undefined : eq(joinApplications.applicationNo, applicationNo),
        isNull(joinApplications.deletedAt),
      ),
    )
    .orderBy(desc(joinApplications.id))
    .limit(20);
}

/**
 * A rider asks to join (DOMAIN §3.6 submit, from the app): in one of the operator's open cities, with the rider's own
 * phone, the planned investment in the tenant's currency; one open application per phone (2004 naming it while one is
 * submitted or under review, decided under the member's row lock).
 */
export async function applyToJoin(db: Db, rider: MemberContext, sent: JoinApplyBody): Promise<MyJoinApplication> {
  await cityOf(db, rider, sent.cityCode);
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const member = await lockedActiveMember(tx, rider);
    const [open] = await mine(tx, rider, OPEN);
    if (open)
      throw new BizError(
        Code.transitionNotAllowed,
        'joinApplication.open',
        { applicationNo: open.applicationNo },
        { applicationNo: open.applicationNo },
      );
    const { id, no } = await nextBusinessNo(tx, 'join_applications', 'JA');
    const [row] = await tx
      .insert(joinApplications)
      .values({
        id,
        tenantId: rider.tenantId,
        applicationNo: no,
        kind: sent.kind,
        applicantName: sent.applicantName,
        phone: member.phone,
        company: sent.company ?? null,
        cityCode: sent.cityCode,
        plannedVehicles: sent.plannedVehicles ?? null,
        plannedBatteries: sent.plannedBatteries ?? null,
        plannedInvestment: sent.plannedInvestment ?? null,
        currency: sent.plannedInvestment === undefined ? null : await tenantCurrency(tx, rider.tenantId),
      })
      .returning();
    return viewOf(row!);
  });
}

export const myJoinApplications = async (db: Db, rider: MemberContext) => (await mine(db, rider)).map(viewOf);

/** The applicant withdraws their application while it is submitted or under review (DOMAIN §3.6 withdraw). */
export async function withdrawMyJoin(db: Db, rider: MemberContext, applicationNo: string): Promise<MyJoinApplication> {
  const [own] = await mine(db, rider, undefined, applicationNo);
  if (!own) throw notFound();
  const [withdrawn] = await db
    .update(joinApplications)
    .set({ status: ApplicationStatus.withdrawn, updatedAt: new Date(), version: sql`${joinApplications.version} + 1` })
    .where(and(eq(joinApplications.id, own.id), inArray(joinApplications.status, OPEN)))
    .returning();
  if (!withdrawn)
    throw new BizError(Code.transitionNotAllowed, 'joinApplication.state', undefined, { status: `dict.join_applications_status.${own.status}` });
  return viewOf(withdrawn);
}
