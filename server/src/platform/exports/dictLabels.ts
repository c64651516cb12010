import { PLATFORM_TENANT_ID } from '@kayuh/contract/constants';
import { and, asc, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dictData } from '../../db/schema.ts';

/** dict type → value → label key, tenant rows over platform rows. */
export async function loadDictLabels(db: Db, types: string[], tenantId: number | null): Promise<Map<string, Map<string, string>>> {
  const result = new Map<string, Map<string, string>>();
  if (!types.length) return result;
  const rows = await db
    .select()
    .from(dictData)
    .where(
      and(
        inArray(dictData.dictType, types),
        isNull(dictData.deletedAt),
        inArray(dictData.tenantId, [PLATFORM_TENANT_ID, tenantId ?? PLATFORM_TENANT_ID]),
      ),
    )
    .orderBy(asc(dictData.tenantId));
  for (const row of rows) {
    const labels = result.get(row.dictType) ?? new Map<string, string>();
    labels.set(row.dictValue, row.dictLabel);
    result.set(row.dictType, labels);
  }
  return result;
}
