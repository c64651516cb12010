import { MemberTagKind, TAG_ASSIGN_MAX, TAG_RULE_FIELDS, memberTagLinkResource, memberTagResource } from '@kayuh/contract/resources/memberTags';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { memberTagLinks, memberTags } from '../../../db/schema.ts';
import { actorUserId } from '../../../platform/auth/context.ts';
import { invalid } from '../../../platform/errors.ts';
import { bindResource } from '../../../platform/resources/binding.ts';
import { memberPhoneOf } from '../memberPhone.ts';
import { membersOfPhoneList } from '../memberPhoneList.ts';
import { evaluateTag, hasCondition, recountTags, type TagRow } from './tagRule.ts';

const isSet = (v: unknown) => v !== null && v !== undefined && v !== '';
const linkPhone = memberPhoneOf('member_tag_links');

/** The members of the phones pasted into a tag's event, all of them the tenant's. */
const pastedMembers = (tx: Db, tag: TagRow, payload: Record<string, unknown>) =>
  membersOfPhoneList(tx, tag.tenantId, { field: 'phones', text: String(payload.phones ?? ''), max: TAG_ASSIGN_MAX });

/**
 * Member tags: a manual tag has no rule; a rule tag has at least one condition and is evaluated as soon as it is saved
 * (then nightly, and on demand). Adding and taking out members by phone is for manual tags only (the events'
 * from-state is the manual kind). A removed tag's links go with it.
 */
export const memberTagBinding = bindResource(memberTagResource, memberTags, {
  check({ next }) {
    if (Number(next.kind) === MemberTagKind.manual) {
      const set = TAG_RULE_FIELDS.filter((name) => isSet(next[name]));
      if (set.length) throw invalid(Object.fromEntries(set.map((name) => [name, 'memberTag.notForManual'])));
      return;
    }
    if (!hasCondition(next)) throw invalid({ ruleMemberStatus: 'memberTag.ruleEmpty' });
  },
  async afterWrite({ tx, row }) {
    if (Number(row!.kind) === MemberTagKind.rule) await evaluateTag(tx, row as TagRow);
  },
  async afterRemove({ tx, ids }) {
    await tx.delete(memberTagLinks).where(inArray(memberTagLinks.tagId, ids));
  },
  events: {
    assignTag: {
      async effects({ tx, current, event, auth }) {
        const tag = current as TagRow;
        const found = await pastedMembers(tx, tag, event!.payload);
        await tx
          .insert(memberTagLinks)
          .values(found.map((m) => ({ tenantId: tag.tenantId, tagId: tag.id, memberId: m.id, createdBy: actorUserId(auth) })))
          .onConflictDoNothing({ target: [memberTagLinks.tagId, memberTagLinks.memberId], where: sql`deleted_at IS NULL` });
        await recountTags(tx, [tag.id]);
      },
    },
    // Taken out, the link is kept as removed (who and when); the member may be added again.
    unassignTag: {
      async effects({ tx, current, event, auth }) {
        const tag = current as TagRow;
        const found = await pastedMembers(tx, tag, event!.payload);
        const now = new Date();
        await tx
          .update(memberTagLinks)
          .set({ deletedAt: now, updatedAt: now, updatedBy: actorUserId(auth), version: sql`${memberTagLinks.version} + 1` })
          .where(
            and(
              eq(memberTagLinks.tagId, tag.id),
              inArray(
                memberTagLinks.memberId,
                found.map((m) => m.id),
              ),
              isNull(memberTagLinks.deletedAt),
            ),
          );
        await recountTags(tx, [tag.id]);
      },
    },
    evaluateTag: {
      async effects({ tx, current }) {
        await evaluateTag(tx, current as TagRow);
      },
    },
  },
});

/** The members of a tag, by phone (the tag's detail, the member's detail). */
export const memberTagLinkBinding = bindResource(memberTagLinkResource, memberTagLinks, {
  computed: { memberPhone: linkPhone.computed },
  computedFilters: { memberPhone: linkPhone.filter },
});
