import type { Config } from '../../config';

/** The academic search's part of the configuration (catalogue URLs, keys, timeout, cache lifetime). */
export type SearchConfig = Config['search'];
