import { sql } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';

/** A user's name as lists show it: "First Last", trimmed (a project's owner, a payout's partner). */
export const fullName = sql<string>`trim(${users.first_name} || ' ' || ${users.last_name})`;
