import { z } from 'zod';
import { LANGS } from '../lang.ts';

export const loginRequest = z.object({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const roleSummary = z.object({
  roleId: z.number(),
  roleKey: z.string(),
  roleName: z.string(),
  /** The role's data-scope dept ids (DOMAIN §5.3); [1] = all cities. */
  deptIds: z.array(z.number()),
});
export type RoleSummary = z.infer<typeof roleSummary>;

export const loginResult = z.object({
  token: z.string(),
  userId: z.number(),
  userName: z.string(),
  nickName: z.string(),
  tenantId: z.number(),
  lang: z.enum(LANGS),
  /** The account must set a new password before anything else (a reset, or a new tenant's admin). */
  mustChangePwd: z.boolean(),
  roleIdAndpostIds: z.array(z.object({ roleId: z.number(), postId: z.number().nullable() })),
  roles: z.array(roleSummary),
});
export type LoginResult = z.infer<typeof loginResult>;

/** The signed-in user's own profile (personal_info). */
export const profile = z.object({
  userId: z.number(),
  userName: z.string(),
  nickName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  sex: z.enum(['0', '1', '2']).nullable(),
  lang: z.enum(LANGS),
  deptName: z.string().nullable(),
  tenantName: z.string(),
  /** The operator's code, as its rider app sends it (`tenant-code`, docs/app-api.md). */
  tenantCode: z.string(),
  roleNames: z.array(z.string()),
  postNames: z.array(z.string()),
  loginIp: z.string().nullable(),
  loginAt: z.string().nullable(),
  pwdUpdatedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof profile>;

export const profileUpdate = z.object({
  nickName: z.string().trim().min(1).max(30),
  email: z.union([z.literal(''), z.email().max(50)]).optional(),
  phone: z.union([z.literal(''), z.string().regex(/^\+?[0-9 ()-]{6,20}$/)]).optional(),
  sex: z.enum(['0', '1', '2']).optional(),
  lang: z.enum(LANGS).optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdate>;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;
export const changePassword = z
  .object({
    oldPassword: z.string().min(1).max(PASSWORD_MAX),
    newPassword: z
      .string()
      .min(PASSWORD_MIN)
      .max(PASSWORD_MAX)
      .regex(/[A-Za-z]/)
      .regex(/[0-9]/),
  })
  .refine((v) => v.oldPassword !== v.newPassword, { path: ['newPassword'], message: 'samePassword' });
export type ChangePassword = z.infer<typeof changePassword>;
