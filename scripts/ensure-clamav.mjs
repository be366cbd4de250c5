// The malware-scan tests (apps/server/src/security/malware-scan.test.ts) start their own clamd
// on a private signature database they write themselves. This makes sure Debian's clamd is
// there: installs clamav-daemon with apt-get when it is missing and we are root, and otherwise
// says what to install (the tests then skip with the same message; it never fails the run).
//
// Nothing is ever downloaded from ClamAV: freshclam, which the package pulls in, must never
// run. Package scripts start services through invoke-rc.d, which asks policy-rc.d first, so a
// policy that denies every start is in place for the install (the previous one is put back),
// and the freshclam and clamd system services are disabled afterwards.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';

const CANDIDATES = ['/usr/sbin/clamd', '/usr/bin/clamd', '/usr/local/sbin/clamd'];
const found = () => CANDIDATES.some((path) => existsSync(path)) || spawnSync('sh', ['-c', 'command -v clamd']).status === 0;
if (found()) process.exit(0);

const advice = 'Install it with:   sudo apt-get install clamav-daemon   (the tests write their own signatures; never run freshclam for them)';
if (typeof process.getuid !== 'function' || process.getuid() !== 0) {
  console.warn(`clamd is missing, so the malware-scan tests will be skipped.\n${advice}`);
  process.exit(0);
}

const POLICY = '/usr/sbin/policy-rc.d';
const BACKUP = `${POLICY}.sunin-backup`;
const hadPolicy = existsSync(POLICY);
console.info("clamd is missing: installing Debian's clamav-daemon package with apt-get (services kept stopped, freshclam never run)...");
try {
  if (hadPolicy) renameSync(POLICY, BACKUP);
  writeFileSync(POLICY, '#!/bin/sh\n# Written by scripts/ensure-clamav.mjs during an install: start no service.\nexit 101\n', { mode: 0o755 });
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'clamav-daemon'], { stdio: 'inherit', env });
} catch {
  console.warn(`apt-get could not install clamav-daemon; the malware-scan tests will be skipped.\n${advice}`);
} finally {
  if (existsSync(POLICY) && readFileSync(POLICY, 'utf8').includes('ensure-clamav')) rmSync(POLICY);
  if (hadPolicy) renameSync(BACKUP, POLICY);
}
// Installed services would otherwise start at the next boot; freshclam would then download.
for (const service of ['clamav-freshclam', 'clamav-daemon']) {
  spawnSync('update-rc.d', ['-f', service, 'disable'], { stdio: 'ignore' });
  spawnSync('systemctl', ['disable', '--now', `${service}.service`, ...(service === 'clamav-daemon' ? ['clamav-daemon.socket'] : [])], { stdio: 'ignore' });
}
if (!found()) console.warn(`clamd is still missing; the malware-scan tests will be skipped.\n${advice}`);
process.exit(0);
