/** Error codes that mean the words or the plan do not allow the run: the limit dialog leads to the plans. */
export const LIMIT_ERROR_CODES: readonly string[] = ['word_limit_reached', 'subscription_required'];
