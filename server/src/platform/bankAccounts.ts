import { maskAccountNo } from '@kayuh/contract/resources/merchants';
import type { HookContext } from './resources/binding.ts';

/**
 * A payee's bank account number as a form sends it (`bankAccount`, virtual): sealed with the field cipher, its last
 * digits kept to show; an empty one clears both. Merchants' and partners' forms alike.
 */
export function sealBankAccount({ services, body, values }: HookContext) {
  const sent = body.bankAccount;
  if (sent === undefined) return;
  if (sent === null || sent === '') {
    Object.assign(values, { bankAccountEnc: null, bankAccountMasked: null });
    return;
  }
  Object.assign(values, { bankAccountEnc: services.cipher.seal(String(sent)), bankAccountMasked: maskAccountNo(String(sent)) });
}
