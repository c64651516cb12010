import { hash, verify } from '@node-rs/argon2';

// 2 = Argon2id (the package's const enum cannot be imported under verbatimModuleSyntax).
const options = { algorithm: 2 } as const;

export const hashPassword = (password: string) => hash(password, options);

/** A fixed hash to verify against when the user does not exist, so timing does not reveal user names. */
let decoy: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    decoy ??= hashPassword('kayuh-decoy-password');
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
