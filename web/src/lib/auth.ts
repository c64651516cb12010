import type { LoginRequest, LoginResult } from '@kayuh/contract/api/auth';
import { useConfigStore } from '../stores/configStore';
import { useUserStore } from '../stores/userStore';
import { post } from './http';
import { switchLanguage } from './language';
import { endSession } from './session';

/** Signs in; the login answer is the persisted userInfo (spec §3) and its tenant the working tenant. */
export async function login(credentials: LoginRequest): Promise<LoginResult> {
  // The login form shows the failure next to the fields, so no toast as well.
  const result = await post<LoginResult>('/system/sso/login', credentials, { silent: true });
  useConfigStore.setState({ tenantId: result.tenantId });
  useUserStore.getState().setUserInfo(result);
  // The tenant's own texts are served to its signed-in staff only.
  await switchLanguage(useConfigStore.getState().lang).catch(() => undefined);
  return result;
}

/** Signs out on the server when it can; the client session ends either way. */
export async function logout(): Promise<void> {
  try {
    await post('/system/sso/logout', {}, { silent: true });
  } catch {
    // An expired session cannot be signed out twice; leaving is what matters.
  }
  endSession();
}

/** The token decides every guard (spec §2/§4). */
export const useToken = (): string | undefined => useUserStore((s) => s.userInfo?.token || undefined);
