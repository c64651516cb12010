import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, ProfileUpdate } from '@kayuh/contract/api/auth';
import { get, post } from '../../../lib/http';
import { useUserStore } from '../../../stores/userStore';

export const profileQuery = {
  queryKey: ['configure', 'profile'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => get<Profile>('/system/user/profile', undefined, { signal }),
};

/** Saves the editable subset; the answer is the new profile, so the view updates without a refetch. */
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (update: ProfileUpdate) => post<Profile>('/system/user/profile', update),
    onSuccess: (profile) => {
      client.setQueryData(profileQuery.queryKey, profile);
      // The header shows the signed-in user's name from the login answer; keep it in step.
      const { userInfo, setUserInfo } = useUserStore.getState();
      if (userInfo) setUserInfo({ ...userInfo, nickName: profile.nickName, lang: profile.lang });
    },
  });
}
