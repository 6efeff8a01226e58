import { accountsEndpoints, type Profile, type StudyCategory } from '@quire/contracts';
import { call } from '../../api/call';

/** What the user studies Quire for; answers the whole profile. */
export function saveStudyCategories(categories: readonly StudyCategory[]): Promise<Profile> {
  return call(accountsEndpoints.studyCategories, { body: { categories: [...categories] } });
}
