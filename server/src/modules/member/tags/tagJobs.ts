import { JOB_RUN_MESSAGES } from '@kayuh/contract/jobTargets';
import { MemberTagKind } from '@kayuh/contract/resources/memberTags';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { memberTags } from '../../../db/schema.ts';
import type { JobRegistry } from '../../../platform/jobs/registry.ts';
import type { Services } from '../../../platform/services.ts';
import { evaluateTag, type TagRow } from './tagRule.ts';

/**
 * Re-evaluates every rule tag of every tenant, each in its own transaction under the tag's lock (a staff member's
 * "evaluate now" on the same tag waits its turn). Returns how many tags it evaluated.
 */
export async function evaluateRuleTags(db: Db, now = new Date()): Promise<number> {
  const tags = await db
    .select({ id: memberTags.id })
    .from(memberTags)
    .where(and(eq(memberTags.kind, MemberTagKind.rule), isNull(memberTags.deletedAt)))
    .orderBy(asc(memberTags.id));
  let evaluated = 0;
  for (const { id } of tags) {
    await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const [tag] = await t
        .select()
        .from(memberTags)
        .where(and(eq(memberTags.id, id), eq(memberTags.kind, MemberTagKind.rule), isNull(memberTags.deletedAt)))
        .for('update');
      if (!tag) return;
      await evaluateTag(t, tag as TagRow, now);
      evaluated += 1;
    });
  }
  return evaluated;
}

/** Rule tags with the clock: re-evaluated nightly (docs/member-tags.md). */
export function registerTagJobs(registry: JobRegistry, services: Services) {
  registry.register('memberTask.evaluateTags', async () => ({
    rowsAffected: await evaluateRuleTags(services.db),
    message: JOB_RUN_MESSAGES.tagsEvaluated,
  }));
}
