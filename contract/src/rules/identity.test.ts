import { describe, expect, it } from 'vitest';
import { ageOn, IdType, isValidIdNumber, maskIdNumber, nikFacts, normalizeIdNumber } from './identity.ts';

const today = new Date('2026-11-27T00:00:00Z');

describe('identity numbers', () => {
  it.each([
    // [type, as typed, valid]
    [IdType.ktp, '3201 0101 1290 0003', true],
    [IdType.ktp, '3201.0141.1290.0003', true], // a woman: day 01 + 40
    [IdType.ktp, '3201010112900000', false], // serial 0000
    [IdType.ktp, '3201013212900003', false], // day 32
    [IdType.ktp, '3201010113900003', false], // month 13
    [IdType.ktp, '3201013002900003', false], // 30 February
    [IdType.ktp, '0201010112900003', false], // no province 02
    [IdType.ktp, '320101011290003', false], // 15 digits
    [IdType.passport, 'c 1234567', true],
    [IdType.passport, 'C12345', true],
    [IdType.passport, 'C1234567890', false],
    [IdType.kitas, '2C21JD1234-AB', true],
    [IdType.kitas, 'ABC', false],
    [IdType.sim, '1234-5678-9012', true],
    [IdType.sim, '12345678901234', true],
    [IdType.sim, '12345678901A', false],
    [9, '3201010112900003', false],
  ])('type %i: %s → %s', (type, typed, valid) => {
    expect(isValidIdNumber(type, normalizeIdNumber(typed))).toBe(valid);
  });

  it("reads a NIK's birth date and sex, the century from today", () => {
    expect(nikFacts('3201010112900003', today)).toEqual({ birthDate: '1990-12-01', female: false });
    expect(nikFacts('3171014508050007', today)).toEqual({ birthDate: '2005-08-05', female: true });
    // '27' is this century's only until 2027.
    expect(nikFacts('3171010101270001', today)?.birthDate).toBe('1927-01-01');
    expect(nikFacts('3171010101260001', today)?.birthDate).toBe('2026-01-01');
  });

  it('counts whole years to a birthday', () => {
    expect(ageOn('2009-11-27', today)).toBe(17);
    expect(ageOn('2009-11-28', today)).toBe(16);
    expect(ageOn('1990-12-01', today)).toBe(35);
  });

  it('masks the middle of a number', () => {
    expect(maskIdNumber('3201010112900003')).toBe('3201********0003');
    expect(maskIdNumber('C1234567')).toBe('C1****67');
    expect(maskIdNumber('ABC')).toBe('***');
  });
});
