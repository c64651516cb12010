import { post } from '../../../lib/http';
import type { ResourceExtras } from '../../../shared/resource/resourceExtras';
import { ResetPasswordModal } from './ResetPasswordModal';

/** Staff: Reset password (a dialog) and Force sign-out (confirmed), each behind its own permission. */
export const userExtras: ResourceExtras = {
  rowActions: [
    { name: 'resetPwd', title: 'page.user.resetPwd', perm: 'reset', Dialog: ResetPasswordModal },
    {
      name: 'forceLogout',
      title: 'page.user.forceLogout',
      perm: 'forceLogout',
      confirm: true,
      danger: true,
      run: (row) => post<unknown>('/system/user/forceLogout', { userId: row.userId }),
      doneText: 'page.user.forcedOut',
    },
  ],
};
