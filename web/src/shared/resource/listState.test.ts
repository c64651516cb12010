import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { postResource } from '@kayuh/contract/resources/post';
import type { ResourceDef } from '@kayuh/contract/resources/types';
import { filtersToForm, formToFilters } from './filterForm';
import { requestBody, stateFromParams, stateToParams } from './listState';

const vehicles: ResourceDef = {
  ...postResource,
  key: 'vehicle',
  cityScoped: true,
  fields: [
    { name: 'batteryLevel', type: 'int', filter: 'range', list: true },
    { name: 'status', type: 'dict', dict: 'vehicle_status', filter: 'in', list: true },
    { name: 'online', type: 'bool', filter: 'eq', list: true },
  ],
};

describe('resource list state in the URL', () => {
  it('reads paging, a whitelisted sort and the declared filters; ignores the rest', () => {
    const params = new URLSearchParams('pageNum=2&pageSize=9999&orderByColumn=postName&isAsc=desc&postCode=%20OPS%20&remark=x&junk=1');
    expect(stateFromParams(postResource, params)).toEqual({
      pageNum: 2,
      pageSize: 500,
      orderByColumn: 'postName',
      isAsc: 'desc',
      filters: { postCode: 'OPS' },
    });
    // status is not sortable: the server would refuse it, so the URL's choice is dropped.
    expect(stateFromParams(postResource, new URLSearchParams('orderByColumn=status&isAsc=desc&pageNum=-1'))).toEqual({
      pageNum: 1,
      pageSize: 20,
      orderByColumn: undefined,
      isAsc: undefined,
      filters: {},
    });
  });

  it('writes the state back under the request names', () => {
    const state = stateFromParams(postResource, new URLSearchParams('createdAtFrom=2026-03-01&postName=Ops'));
    expect(stateToParams({ ...state, pageNum: 3 })).toEqual({
      pageNum: 3,
      pageSize: 20,
      orderByColumn: undefined,
      isAsc: undefined,
      createdAtFrom: '2026-03-01',
      postName: 'Ops',
    });
  });

  it('sends datetime ranges as whole days, numbers and lists as given, and the city for city-scoped resources', () => {
    const post = requestBody(postResource, stateFromParams(postResource, new URLSearchParams('createdAtTo=2026-03-02')), 3101);
    expect(post).toEqual({ pageNum: 1, pageSize: 20, createdAtTo: dayjs('2026-03-02').endOf('day').toISOString() });
    const state = stateFromParams(vehicles, new URLSearchParams('batteryLevelFrom=20&status=1,2&online=true'));
    expect(requestBody(vehicles, state, 3101)).toEqual({
      pageNum: 1,
      pageSize: 20,
      cityCode: 3101,
      batteryLevelFrom: '20',
      status: '1,2',
      online: 'true',
    });
    // '' is "all cities" and 1 is the all-cities code: no city filter.
    expect(requestBody(vehicles, state, '')).not.toHaveProperty('cityCode');
    expect(requestBody(vehicles, state, 1)).not.toHaveProperty('cityCode');
  });
});

describe('the search form values', () => {
  it('round-trips every filter kind between the URL text and the controls', () => {
    const filters = { batteryLevelFrom: '20', batteryLevelTo: '80', status: '1,2', online: 'false' };
    const values = filtersToForm(vehicles, filters);
    expect(values).toEqual({ batteryLevel: [20, 80], status: ['1', '2'], online: 'false' });
    expect(formToFilters(vehicles, values)).toEqual(filters);
    expect(formToFilters(vehicles, { batteryLevel: [null, 5], status: [], online: null })).toEqual({ batteryLevelTo: '5' });
  });

  it('keeps date ranges as calendar days', () => {
    const values = filtersToForm(postResource, { createdAtFrom: '2026-03-01', createdAtTo: '2026-03-09', postName: ' a ' });
    expect(formToFilters(postResource, values)).toEqual({ createdAtFrom: '2026-03-01', createdAtTo: '2026-03-09', postName: 'a' });
  });
});
