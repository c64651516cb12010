import { describe, expect, it } from 'vitest';
import { activeStep, closingRemark, isTourDone, stepCompletedBy, type TourStep } from './tour.ts';

const step = (id: number, status: string, requestInterface: string, remark: string | null = null): TourStep => ({
  id,
  status,
  requestInterface,
  routeWeb: `/page/${id}`,
  remark,
});

const tour = [step(1, '1', '/system/city/add'), step(2, '0', '/system/dept/add'), step(3, '0', '/system/role/add', '<b>Done</b>')];

describe('tour rules (spec §4)', () => {
  it('makes the first pending step the active one', () => {
    expect(activeStep(tour)?.id).toBe(2);
    expect(activeStep([step(1, '1', '/a')])).toBeUndefined();
  });

  it('passes over the steps the user skipped, and has none when every pending step is skipped', () => {
    expect(activeStep(tour, [2])?.id).toBe(3);
    expect(activeStep(tour, [2, 3])).toBeUndefined();
  });

  it('finds the pending step whose requestInterface equals the called path, query ignored', () => {
    expect(stepCompletedBy(tour, '/system/role/add')?.id).toBe(3);
    expect(stepCompletedBy(tour, '/system/dept/add?x=1')?.id).toBe(2);
    // A finished step is not finished again; a longer or shorter path is another call.
    expect(stepCompletedBy(tour, '/system/city/add')).toBeUndefined();
    expect(stepCompletedBy(tour, '/system/role/add/5')).toBeUndefined();
    expect(stepCompletedBy(tour, '/system/role')).toBeUndefined();
  });

  it('is done only with steps and none pending, and closes with the last remark', () => {
    expect(isTourDone(tour)).toBe(false);
    expect(isTourDone([])).toBe(false);
    const done = tour.map((s) => ({ ...s, status: '1' }));
    expect(isTourDone(done)).toBe(true);
    expect(closingRemark(done)).toBe('<b>Done</b>');
    expect(closingRemark([])).toBe('');
  });
});
