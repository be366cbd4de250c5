/**
 * `npm run create-admin -- EMAIL PASSWORD`: creates a full_access_admin, or promotes the
 * existing account with that email (and sets its password). For real deployments, which have
 * no demo seed. Uses the same configuration as the server (DATABASE_URL or DATA_DIR).
 */
import { ADMIN_ROLE, PASSWORD_MIN_LENGTH, isValidEmail, normalizeEmail } from '@sunin/contract';
import { eq } from 'drizzle-orm';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { DataDirLockedError } from '../db/data-dir-lock.js';
import { createUser } from '../db/factories/users.js';
import { users } from '../db/schema/index.js';
import { passwordProblem } from '../lib/password-policy.js';
import { hashPassword } from '../lib/passwords.js';
import { formatError } from '../lib/safe-error.js';
import { endSessionsIn } from '../modules/auth/sessions.service.js';

async function main(args: string[]): Promise<number> {
  const [rawEmail, password] = args;
  if (!rawEmail || !password || args.length !== 2) {
    console.error('Usage: npm run create-admin -- EMAIL PASSWORD');
    return 2;
  }
  const email = normalizeEmail(rawEmail);
  if (!isValidEmail(email)) {
    console.error(`Not a valid email address: ${rawEmail}`);
    return 2;
  }
  if (password.length < PASSWORD_MIN_LENGTH) {
    console.error(`The password must be at least ${PASSWORD_MIN_LENGTH} characters.`);
    return 2;
  }
  const local = email.split('@')[0] ?? 'admin';
  // The same policy as signup, reset and change (issue 13 item 7), against the email only:
  // an existing account's names are checked below, once it is read.
  const problem = passwordProblem(password, { email });
  if (problem) {
    console.error(problem);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    lockDir: config.dataDir,
  });
  try {
    const [existing] = await database.db.select().from(users).where(eq(users.email, email)).limit(1);
    if (existing) {
      const personal = passwordProblem(password, existing);
      if (personal) {
        console.error(personal);
        return 2;
      }
      await database.db
        .update(users)
        .set({ company_role: ADMIN_ROLE, password_digest: await hashPassword(password), updated_at: new Date() })
        .where(eq(users.id, existing.id));
      // A new password ends the account's sessions, as a reset does.
      await endSessionsIn(database.db, existing.id, { allExcept: null }, 'password_reset');
      console.info(`Promoted ${email} to ${ADMIN_ROLE} and set its password.`);
    } else {
      await createUser(database.db, {
        email,
        password,
        first_name: 'Admin',
        last_name: 'User',
        user_name: `${local}-admin-${Date.now().toString(36)}`,
        account_type: 'admin',
        company_role: ADMIN_ROLE,
        email_verified_at: new Date(),
      });
      console.info(`Created ${ADMIN_ROLE} ${email}.`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    // Never the raw error: a failed query's message carries its parameters (the password digest).
    console.error(error instanceof ConfigError || error instanceof DataDirLockedError ? error.message : formatError(error));
    process.exit(1);
  });
