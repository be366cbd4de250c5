import { spawnSync } from 'node:child_process';
import { MESSAGES } from '@sunin/contract';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../test/temp-dirs.js';

const tempDir = useTempDirs('sunin-create-admin-');
const serverDir = new URL('../..', import.meta.url);

function createAdmin(email: string, password: string) {
  return spawnSync(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/cli/create-admin.ts', email, password], {
    cwd: serverDir,
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: tempDir(), DATABASE_URL: '', NODE_ENV: 'test' },
    timeout: 30_000,
  });
}

/** `npm run create-admin` applies the same password policy as signup (issue 13 item 7, issue 34 item 5). */
describe('create-admin', () => {
  it('refuses a common password, one made of the email and a guessable one, before opening any database', () => {
    const common = createAdmin('owner@sunin.example', 'Password1!');
    expect(common.status).toBe(2);
    expect(common.stderr).toContain(MESSAGES.passwordCommon);
    const personal = createAdmin('skylark@sunin.example', 'Skylark-Zebra-Tundra-9');
    expect(personal.status).toBe(2);
    expect(personal.stderr).toContain(MESSAGES.passwordPersonal);
    const guessable = createAdmin('owner@sunin.example', 'trustno1trustno1');
    expect(guessable.status).toBe(2);
    expect(guessable.stderr).toContain(MESSAGES.passwordWeak);
  });
});
