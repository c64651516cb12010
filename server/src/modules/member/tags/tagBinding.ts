import { Code } from '@kayuh/contract/codes';
import { MemberTagKind, TAG_ASSIGN_MAX, TAG_RULE_FIELDS, memberTagLinkResource, memberTagResource } from '@kayuh/contract/resources/memberTags';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { memberTagLinks, memberTags } from '../../../db/schema.ts';
import { actorUserId } from '../../../platform/auth/context.ts';
import { BizError, invalid } from '../../../platform/errors.ts';
import { bindResource } from '../../../platform/resources/binding.ts';
import { memberPhoneOf } from '../memberPhone.ts';
import { membersOfPhoneList } from '../memberPhoneList.ts';
import { evaluateTag, hasCondition, recountTags, type TagRow } from './tagRule.ts';

const isSet = (v: unknown) => v !== null && v !== undefined && v !== '';
const linkPhone = memberPhoneOf('member_tag_links');

/**
 * Member tags: a manual tag has no rule; a rule tag has at least one condition and is evaluated as soon as it is saved
 * (then nightly, and on demand). Adding members by phone is for manual tags only (the transition's from-state is the
 * manual kind). A removed tag's links go with it.
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
        const found = await membersOfPhoneList(tx, tag.tenantId, { field: 'phones', text: String(event!.payload.phones ?? ''), max: TAG_ASSIGN_MAX });
        await tx
          .insert(memberTagLinks)
          .values(found.map((m) => ({ tenantId: tag.tenantId, tagId: tag.id, memberId: m.id, createdBy: actorUserId(auth) })))
          .onConflictDoNothing({ target: [memberTagLinks.tagId, memberTagLinks.memberId], where: sql`deleted_at IS NULL` });
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

/**
 * The members of a tag, by phone. Removing one is for manual tags (a rule tag's members are the rule's); the tags
 * are locked before they are counted again, so a removal and an addition of one tag count one after the other.
 */
export const memberTagLinkBinding = bindResource(memberTagLinkResource, memberTagLinks, {
  computed: { memberPhone: linkPhone.computed },
  computedFilters: { memberPhone: linkPhone.filter },
  async beforeRemove({ tx, ids }) {
    const ruled = await tx
      .select({ id: memberTagLinks.id })
      .from(memberTagLinks)
      .innerJoin(memberTags, eq(memberTags.id, memberTagLinks.tagId))
      .where(and(inArray(memberTagLinks.id, ids), eq(memberTags.kind, MemberTagKind.rule)))
      .limit(1);
    if (ruled.length) throw new BizError(Code.transitionNotAllowed, 'memberTag.ruleTagMembers');
  },
  async afterRemove({ tx, ids }) {
    const tags = await tx.selectDistinct({ tagId: memberTagLinks.tagId }).from(memberTagLinks).where(inArray(memberTagLinks.id, ids));
    const tagIds = tags.map((t) => t.tagId);
    if (!tagIds.length) return;
    await tx
      .select({ id: memberTags.id })
      .from(memberTags)
      .where(and(inArray(memberTags.id, tagIds), isNull(memberTags.deletedAt)))
      .for('update');
    await recountTags(tx, tagIds);
  },
});
