import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { V8_FLAGS } from './v8-flags.js';

/** A program whose objects all outlive young collections (V8 would pretenure its site), run with V8's pretenuring trace. */
function pretenuringTrace(flags: string | undefined): string {
  const program = `${flags ? `require('node:v8').setFlagsFromString(${JSON.stringify(flags)});` : ''}
    const keep = []; const make = (i) => ({ a: i, b: [i] });
    for (let i = 0; i < 2000000; i++) keep.push(make(i));`;
  return execFileSync(process.execPath, ['--trace-pretenuring-statistics', '-e', program], { encoding: 'utf8' });
}

/** The young generation's size in MB after a program that keeps many young objects alive, run with `flags` on node's command line. */
function youngGenerationMb(flags: string[]): number {
  const program = `let keep = []; for (let i = 0; i < 8000000; i++) { keep.push({ a: i }); if (keep.length > 400000) keep = []; }
    console.log(require('node:v8').getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size / 1048576);`;
  return Number(execFileSync(process.execPath, [...flags, '-e', program], { encoding: 'utf8' }));
}

describe('V8 flags', () => {
  it('are set by the first import of the server entry, before anything else loads', () => {
    const entry = readFileSync(new URL('./server.ts', import.meta.url), 'utf8');
    expect(entry.match(/^import .*$/m)?.[0]).toBe("import './v8-flags.js';");
  });

  it('turn allocation-site pretenuring off when set at run time (docs/decisions/062)', () => {
    expect(pretenuringTrace(undefined)).toMatch(/pretenuring: AllocationSite/);
    expect(pretenuringTrace(V8_FLAGS)).not.toMatch(/pretenuring/);
  });

  it('give npm start a young generation of 64 MB, which V8 keeps smaller without them (docs/decisions/065)', () => {
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { config: { nodeFlags: string }; scripts: { start: string } };
    expect(manifest.scripts.start).toBe('node $npm_package_config_nodeFlags dist/server.js');
    expect(manifest.config.nodeFlags).toBe('--max-semi-space-size=32');
    expect(youngGenerationMb([])).toBeLessThan(64);
    expect(youngGenerationMb(manifest.config.nodeFlags.split(' '))).toBe(64);
  });
});
