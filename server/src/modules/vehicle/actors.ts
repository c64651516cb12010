import type { AuthContext } from '../../platform/auth/context.ts';

/** DOMAIN §0.2 actor_type: 1 staff, 2 member, 3 system, 4 device. */
const ACTOR_TYPE = { staff: 1, member: 2, system: 3, device: 4 } as const;

/** Who a state log row names: the staff member, or the kind of actor with no user behind it. */
export const actorOf = (auth: AuthContext) => ({
  actorType: ACTOR_TYPE[auth.actor ?? 'staff'],
  actorId: auth.actor ? null : auth.userId,
});
