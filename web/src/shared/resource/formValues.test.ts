import dayjs from 'dayjs';
import { beforeEach, describe, expect, it } from 'vitest';
import { createSchema } from '@kayuh/contract/resources/schemas';
import { postResource } from '@kayuh/contract/resources/post';
import type { FieldDef, ResourceDef } from '@kayuh/contract/resources/types';
import { tr } from '../../lib/i18n';
import { loadTestCatalogue } from '../../testing/catalogue';
import { fieldRule, formBody, initialValues } from './formValues';

const zones: ResourceDef = {
  ...postResource,
  key: 'zone',
  fields: [
    { name: 'zoneName', type: 'text', required: true, max: 20 },
    { name: 'area', type: 'polygon', required: true, span: 24 },
    { name: 'openFrom', type: 'datetime' },
    { name: 'fee', type: 'money', defaultValue: 5000 },
    { name: 'enabled', type: 'bool' },
    { name: 'zoneCode', type: 'text', form: 'add' },
    { name: 'rideCount', type: 'int', serverOnly: true },
  ],
};
const field = (name: string) => zones.fields.find((f) => f.name === name)!;
const check = (f: FieldDef, value: unknown) =>
  fieldRule(f, createSchema(zones).shape[f.name], tr).validator!({} as never, value, () => undefined) as Promise<void>;

beforeEach(() => void loadTestCatalogue('ID'));

describe('resource form values', () => {
  it('validates with the contract schema, in the catalogue words', async () => {
    await expect(check(field('zoneName'), '')).rejects.toThrow('Wajib diisi');
    await expect(check(field('zoneName'), 'x'.repeat(21))).rejects.toThrow('Maksimal 20 karakter');
    // An area is its points, as the map input holds them.
    await expect(check(field('area'), [])).rejects.toThrow('Wajib diisi');
    await expect(check(field('area'), [{ lat: -6.2, lng: 106.8 }])).rejects.toThrow('Minimal 3');
    const triangle = [
      { lat: -6.2, lng: 106.8 },
      { lat: -6.3, lng: 106.8 },
      { lat: -6.3, lng: 106.9 },
    ];
    await expect(check(field('area'), triangle)).resolves.toBeUndefined();
    await expect(check(field('openFrom'), undefined)).resolves.toBeUndefined();
  });

  it('starts a new row from the defaults, and sends writable fields as the server reads them', () => {
    expect(initialValues(zones)).toEqual({
      zoneName: undefined,
      area: undefined,
      openFrom: undefined,
      fee: 5000,
      enabled: false,
      zoneCode: undefined,
    });
    const at = dayjs('2026-03-01T08:00:00Z');
    const values = { zoneName: ' Kota ', area: [{ lat: 1, lng: 2 }], openFrom: at, fee: 7500, enabled: true, zoneCode: 'Z1' };
    expect(formBody(zones, 'add', values)).toEqual({
      zoneName: 'Kota',
      area: [{ lat: 1, lng: 2 }],
      openFrom: '2026-03-01T08:00:00.000Z',
      fee: 7500,
      enabled: true,
      zoneCode: 'Z1',
    });
    // On edit, an add-only field is neither editable nor sent; a cleared optional field is sent empty.
    expect(formBody(zones, 'edit', { ...values, zoneName: 'Kota', openFrom: null })).toEqual({
      zoneName: 'Kota',
      area: [{ lat: 1, lng: 2 }],
      openFrom: null,
      fee: 7500,
      enabled: true,
    });
  });
});
