import { describe, expect, it } from 'vitest';
import { editionsResource } from './editions.ts';
import { transitionSchema } from './schemas.ts';
import type { TransitionDef } from './types.ts';

describe('a transition body', () => {
  const publish = editionsResource.transitions![0]!;
  const reject: TransitionDef = { ...publish, name: 'reject', payload: [{ name: 'reason', type: 'text', required: true, max: 10 }] };

  it('is the id, the version read (a job may leave it out) and nothing of the row', () => {
    expect(transitionSchema(editionsResource, publish).safeParse({ versionId: 4, version: 2 }).success).toBe(true);
    expect(transitionSchema(editionsResource, publish).safeParse({ versionId: 4 }).success).toBe(true);
    expect(transitionSchema(editionsResource, publish).parse({ versionId: 4, version: 2, status: '9' })).toEqual({ versionId: 4, version: 2 });
  });

  it("carries the event's payload, each field checked like a form field", () => {
    const schema = transitionSchema(editionsResource, reject);
    expect(schema.safeParse({ versionId: 4, version: 2 }).success).toBe(false);
    expect(schema.safeParse({ versionId: 4, version: 2, reason: 'x'.repeat(11) }).success).toBe(false);
    expect(schema.parse({ versionId: 4, version: 2, reason: 'Buggy' })).toEqual({ versionId: 4, version: 2, reason: 'Buggy' });
  });
});
