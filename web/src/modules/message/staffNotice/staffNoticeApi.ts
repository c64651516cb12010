import { useMutation } from '@tanstack/react-query';
import { STAFF_NOTICE_API, type StaffNoticeSend, type StaffNoticeSent } from '@kayuh/contract/api/staffNotice';
import type { FieldDef } from '@kayuh/contract/resources/types';
import { post } from '../../../lib/http';

/** Sends a notice; the answer says how many users it reached. */
export const useSendNotice = () => useMutation({ mutationFn: (body: StaffNoticeSend) => post<StaffNoticeSent>(`${STAFF_NOTICE_API}/send`, body) });

/** The audience pickers are the engine's: the referenced resources' options (users, roles, visible cities). */
export const AUDIENCE_PICKERS = {
  userIds: { name: 'userIds', type: 'idList', ref: { resource: 'user', labelField: 'userName' } },
  roleId: { name: 'roleId', type: 'ref', required: true, ref: { resource: 'role', labelField: 'roleName' } },
  cityCode: { name: 'cityCode', type: 'ref', required: true, ref: { resource: 'city', labelField: 'cityInName' } },
} satisfies Record<string, FieldDef>;
