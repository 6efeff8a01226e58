import { accountsEndpoints as endpoints, type Profile, type UpdateProfileRequest } from '@quire/contracts';
import { call } from '../../api/call';

/** A new name or e-mail; answers with the whole profile. */
export function updateProfile(request: UpdateProfileRequest): Promise<Profile> {
  return call(endpoints.updateProfile, { body: request });
}

/** Deletes the account and ends its sessions (204); 409 while a subscription is in force. */
export async function deleteAccount(): Promise<void> {
  await call(endpoints.deleteAccount, {});
}
