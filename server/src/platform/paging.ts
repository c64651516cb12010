import { PAGE_SIZE_MAX } from '@kayuh/contract/constants';
import { z } from 'zod';

/** RuoYi paging parameters; form bodies send strings, so numbers are coerced. */
export const pageQuery = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(10),
});

export const offsetOf = (q: { pageNum: number; pageSize: number }) => (q.pageNum - 1) * q.pageSize;
