import type { Profile, UpdateProfileRequest } from '@quire/contracts';
import { api } from '../../api/client';

/** GET /api/auth/user/customer: the logged-in user's profile, words and subscription. */
export function fetchProfile(options: { signal?: AbortSignal } = {}): Promise<Profile> {
  return api.get<Profile>('/auth/user/customer', options);
}

/** PATCH /api/auth/user: a new name or e-mail; answers with the whole profile. */
export function updateProfile(request: UpdateProfileRequest): Promise<Profile> {
  return api.patch<Profile>('/auth/user', request);
}

/** DELETE /api/auth/user: deletes the account and ends its sessions (204); 409 while a subscription is in force. */
export function deleteAccount(): Promise<void> {
  return api.delete<void>('/auth/user');
}
