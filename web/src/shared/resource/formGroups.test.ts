import { describe, expect, it } from 'vitest';
import { postResource } from '@kayuh/contract/resources/post';
import type { ResourceDef } from '@kayuh/contract/resources/types';
import { formGroups, groupWith } from './formGroups';
import { formFields } from './formValues';

const grouped: ResourceDef = {
  ...postResource,
  form: {
    layout: 'tabs',
    groups: [
      { key: 'names', title: 'form.user.account', fields: ['postName', 'postCode'] },
      { key: 'order', title: 'form.user.contact', fields: ['postSort'] },
      { key: 'empty', title: 'form.user.access', fields: [] },
    ],
  },
};
const names = (r: ResourceDef, shown = formFields(r)) => formGroups(r, shown).map((g) => [g.key, g.fields.map((f) => f.name)]);

describe('form groups', () => {
  it('holds each group’s fields in its order, the fields no group names at the end of the first, and no empty group', () => {
    expect(names(grouped)).toEqual([
      ['names', ['postName', 'postCode', 'status', 'remark']],
      ['order', ['postSort']],
    ]);
  });

  it('leaves out a group whose fields the form does not show now', () => {
    expect(
      names(
        grouped,
        formFields(grouped).filter((f) => f.name !== 'postSort'),
      ),
    ).toEqual([['names', ['postName', 'postCode', 'status', 'remark']]]);
  });

  it('is one untitled group without a declared layout', () => {
    expect(names(postResource)).toEqual([['', ['postCode', 'postName', 'postSort', 'status', 'remark']]]);
  });

  it('finds the first group holding a field with an error', () => {
    const groups = formGroups(grouped, formFields(grouped));
    expect(groupWith(groups, new Set(['postSort']))?.key).toBe('order');
    expect(groupWith(groups, new Set())).toBeUndefined();
  });
});
