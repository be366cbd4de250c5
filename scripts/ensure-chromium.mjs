// End-to-end tests drive Debian's Chromium (never a downloaded browser build). This makes
// sure it is there: installs it with apt-get when missing and we are root, and otherwise
// says exactly what to do.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (existsSync(path)) process.exit(0);

if (process.env.CHROMIUM_PATH) {
  console.error(`CHROMIUM_PATH is set to ${path}, but there is no file there.`);
  process.exit(1);
}
if (typeof process.getuid === 'function' && process.getuid() === 0) {
  console.info('Chromium is missing: installing Debian\'s chromium package with apt-get...');
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  } catch {
    console.error('apt-get could not install chromium. Install it by hand (apt-get install chromium) and run the tests again.');
    process.exit(1);
  }
  if (existsSync(path)) process.exit(0);
}
console.error(
  [
    'The end-to-end tests need Chromium at /usr/bin/chromium and it is not installed.',
    'Install it with:   sudo apt-get update && sudo apt-get install chromium',
    'or point CHROMIUM_PATH at a Chromium or Chrome binary you already have.',
  ].join('\n'),
);
process.exit(1);
