import { STAFF_PASSWORD_LENGTH, STAFF_PASSWORD_PATH, STAFF_PASSWORD_PERM, staffPasswordRequest } from '@kayuh/contract/api/merchants';
import { Code } from '@kayuh/contract/codes';
import { MerchantStaffRole, merchantStaffResource } from '@kayuh/contract/resources/merchants';
import { randomInt } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { merchantStaff } from '../../db/schema.ts';
import { authOf } from '../../platform/access.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { ok } from '../../platform/envelope.ts';
import { BizError, forbidden } from '../../platform/errors.ts';
import { bindResource } from '../../platform/resources/binding.ts';
import { allOf, scopeConditions } from '../../platform/resources/queries.ts';
import type { Services } from '../../platform/services.ts';
import { openMerchantOf } from './merchants.ts';

/**
 * A merchant's people (/main/staff, docs/merchants.md): each belongs to a merchant of a city the caller sees and that is
 * not closed, whose city the row takes; a merchant has one owner (a second answers 2005, naming the rule).
 */
export const merchantStaffBinding = bindResource(merchantStaffResource, merchantStaff, {
  computed: { hasPassword: sql<boolean>`(merchant_staff.password_hash IS NOT NULL)` },
  async check({ tx, tenantId, auth, mode, next, values, current }) {
    if (mode === 'remove') return;
    const merchant = await openMerchantOf(tx, tenantId, Number(next.merchantId));
    if (!auth.allCities && !auth.deptIds.includes(merchant.cityCode)) throw forbidden();
    values.cityCode = merchant.cityCode;
    if (Number(next.role) !== MerchantStaffRole.owner) return;
    const [owner] = await tx
      .select({ id: merchantStaff.id })
      .from(merchantStaff)
      .where(
        and(
          eq(merchantStaff.merchantId, merchant.id),
          eq(merchantStaff.role, MerchantStaffRole.owner),
          isNull(merchantStaff.deletedAt),
          current ? ne(merchantStaff.id, Number(current.id)) : undefined,
        ),
      );
    if (owner) throw new BizError(Code.duplicate, 'merchant.oneOwner');
  },
});

/** Letters and digits without the look-alikes (0/O, 1/l/I). */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
const newPassword = () => Array.from({ length: STAFF_PASSWORD_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/**
 * Issues a merchant person's password for the merchant app: a random one, answered once and stored as a hash (the
 * old one stops working), for a person of the caller's cities.
 */
export const merchantStaffRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.post(
    STAFF_PASSWORD_PATH,
    {
      config: { access: STAFF_PASSWORD_PERM, audit: { title: 'menu.merchant.staff', businessType: 2 } },
      schema: { tags: ['merchant'], summary: "Issue a merchant person's password for the merchant app (shown once)", body: staffPasswordRequest },
    },
    async (req) => {
      const password = newPassword();
      const [person] = await services.db
        .update(merchantStaff)
        .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
        .where(allOf([eq(merchantStaff.id, req.body.staffId), ...scopeConditions(merchantStaffBinding, authOf(req), 'write')]))
        .returning({ staffId: merchantStaff.id, name: merchantStaff.name, phone: merchantStaff.phone });
      if (!person) throw new BizError(Code.notFound);
      return ok({ ...person, password });
    },
  );
};
