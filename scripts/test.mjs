// `npm test`: every suite, with each stage's time and a summary at the end (docs/decisions/059).
//
// The stages that use one core each (typecheck, lint and the build the end-to-end suite serves)
// run side by side; the server's API suite, which fills both cores with its own workers, runs
// alone; the web suite runs beside the reliability suite, whose real processes mostly wait;
// then the end-to-end suite. A failing stage does not stop the others: the summary names it,
// and the command exits 1. Output of stages that run side by side is printed whole as each ends.
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const results = [];

function run(name, command, args, { buffered = false } = {}) {
  const started = Date.now();
  if (!buffered) console.info(`\n== ${name}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: process.env });
    const chunks = [];
    if (buffered) {
      child.stdout.on('data', (chunk) => chunks.push(chunk));
      child.stderr.on('data', (chunk) => chunks.push(chunk));
    }
    const finish = (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      if (buffered) {
        console.info(`\n== ${name}`);
        process.stdout.write(Buffer.concat(chunks));
      }
      const ok = code === 0;
      console.info(`== ${name}: ${ok ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s`);
      results.push({ name, ok, seconds });
      resolve(ok);
    };
    child.on('error', (error) => {
      chunks.push(Buffer.from(`${error.message}\n`));
      finish(127);
    });
    child.on('close', (code, signal) => finish(code ?? (signal ? 128 : 1)));
  });
}

const skip = (name, why) => {
  console.info(`\n== ${name}: skipped (${why})`);
  results.push({ name, ok: false, seconds: 0, skipped: why });
};

const started = Date.now();
const [, , built] = await Promise.all([
  run('typecheck (every workspace)', npm, ['run', '--silent', 'typecheck'], { buffered: true }),
  run('lint (ESLint, import boundaries)', npm, ['run', '--silent', 'lint'], { buffered: true }),
  run('build (contract, web app, server) for the end-to-end suite', npm, ['run', '--silent', 'build'], { buffered: true }),
]);

await run('clamd for the malware-scan tests', process.execPath, ['scripts/ensure-clamav.mjs']);
await run('contract unit tests', npm, ['run', '--silent', 'test', '-w', 'packages/contract']);
await run('server unit and API suites (embedded PGlite)', npm, ['run', '--silent', 'test:api', '-w', 'apps/server']);
await Promise.all([
  run('web unit tests (jsdom)', npm, ['run', '--silent', 'test', '-w', 'apps/web'], { buffered: true }),
  run('server reliability suite (real processes)', npm, ['run', '--silent', 'test:reliability', '-w', 'apps/server'], { buffered: true }),
]);

if (!built) skip('end to end (Chromium)', 'the build failed');
else if (await run('Chromium for the end-to-end suite', process.execPath, ['scripts/ensure-chromium.mjs'])) {
  await run('end to end (Chromium)', npm, ['run', '--silent', 'test:e2e', '-w', 'e2e']);
} else skip('end to end (Chromium)', 'Chromium is missing');

const total = Math.round((Date.now() - started) / 1000);
console.info('\n== npm test: every stage');
for (const result of results) console.info(`${result.ok ? 'passed' : result.skipped ? 'SKIPPED' : 'FAILED '}  ${String(result.seconds).padStart(5)} s  ${result.name}`);
const failed = results.filter((result) => !result.ok);
console.info(`${failed.length === 0 ? 'passed' : 'FAILED '}  ${String(total).padStart(5)} s  in all (stages side by side overlap)`);
process.exit(failed.length === 0 ? 0 : 1);
