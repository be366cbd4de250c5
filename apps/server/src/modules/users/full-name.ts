import { sql } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';

/** A user's name as lists show it: "First Last", trimmed (a project's owner, a payout's partner). */
export const fullName = sql<string>`trim(${users.first_name} || ' ' || ${users.last_name})`;

/**
 * A user's name as the admin searches match it: the expression users_search_idx indexes
 * (migration 0016), untrimmed, since an index answers only the expression it was built on.
 */
export const searchedName = sql<string>`${users.first_name} || ' ' || ${users.last_name}`;
