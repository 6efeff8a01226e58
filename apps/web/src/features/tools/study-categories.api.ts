import type { Profile, StudyCategory } from '@quire/contracts';
import { api } from '../../api/client';

/** PUT /api/auth/user/study_categories: what the user studies Quire for; answers the whole profile. */
export function saveStudyCategories(categories: readonly StudyCategory[]): Promise<Profile> {
  return api.put<Profile>('/auth/user/study_categories', { categories });
}
