import type { ResourceDef } from './types.ts';

/** A console route or an API path: absolute, plain segments (no query, no dots of their own). */
const PATH = '^(/[A-Za-z0-9_-]+)+$';

/**
 * The platform's onboarding tour steps (guide_settings [G], DOMAIN §5.1; page /operations/steps/list). A new tenant
 * gets a copy of the enabled ones; an edit reaches the copies tenants have not finished yet, a removal takes those
 * copies away (server/src/modules/operations/guideSettings.ts).
 */
export const guideSettingResource: ResourceDef = {
  key: 'guideSetting',
  module: 'operations',
  page: 'stepsList',
  api: '/operate/admin/guideSettings',
  idName: 'id',
  scope: 'global',
  editable: true,
  actions: ['add', 'edit', 'remove'],
  defaultSort: { field: 'orderNum', order: 'asc' },
  titleField: 'titleKey',
  fields: [
    { name: 'orderNum', type: 'int', required: true, min: 0, max: 9999, list: true, sortable: true, example: 8 },
    {
      name: 'titleKey',
      type: 'text',
      translated: true,
      required: true,
      max: 100,
      pattern: '^guide\\.step\\.[A-Za-z][A-Za-z0-9_]*$',
      hint: 'field.guideSetting.titleKey.hint',
      list: true,
      filter: 'like',
      example: 'guide.step.city',
    },
    {
      name: 'requestInterface',
      type: 'text',
      required: true,
      max: 200,
      pattern: PATH,
      hint: 'field.guideSetting.requestInterface.hint',
      list: true,
      filter: 'like',
      example: '/system/post/add',
    },
    {
      name: 'routeWeb',
      type: 'text',
      required: true,
      max: 200,
      pattern: PATH,
      hint: 'field.guideSetting.routeWeb.hint',
      list: true,
      example: '/configure/post',
    },
    { name: 'status', type: 'dict', dict: 'sys_normal_disable', required: true, defaultValue: '0', list: true, filter: 'eq' },
    // HTML, shown in the tour's closing 'Tips' alert (sanitized where it is shown, stored as written).
    { name: 'remark', type: 'textarea', max: 2000, hint: 'field.guideSetting.remark.hint', list: 'hidden', span: 24 },
    { name: 'updatedAt', type: 'datetime', serverOnly: true, list: 'hidden', sortable: true },
  ],
};
