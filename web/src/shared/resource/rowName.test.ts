import type { TFunction } from '../../lib/i18n';
import { describe, expect, it } from 'vitest';
import { illegalMoveLogResource } from '@kayuh/contract/resources/illegalMoveLog';
import { bikeLockLogResource } from '@kayuh/contract/resources/commandLog';
import { rowName } from './FieldValue';

const t = ((key: string) => `«${key}»`) as unknown as TFunction;

describe('rowName: what a detail drawer and a confirmation call a row', () => {
  it('is its title field as it stands', () => {
    expect(rowName(bikeLockLogResource, { commandNo: 'CMD26112600000001' }, t)).toBe('CMD26112600000001');
  });

  it('is the name of the row a ref title points to, not its id (a lock log titled by its vehicle)', () => {
    expect(rowName(illegalMoveLogResource, { vehicleId: 85, vehicleIdLabel: 'KB-JKT-000085' }, t)).toBe('KB-JKT-000085');
    expect(rowName(illegalMoveLogResource, { vehicleId: 85 }, t)).toBe('85');
  });
});
