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

describe('V8 flags', () => {
  it('are set by the first import of the server entry, before anything else loads', () => {
    const entry = readFileSync(new URL('./server.ts', import.meta.url), 'utf8');
    expect(entry.match(/^import .*$/m)?.[0]).toBe("import './v8-flags.js';");
  });

  it('turn allocation-site pretenuring off when set at run time (docs/decisions/062)', () => {
    expect(pretenuringTrace(undefined)).toMatch(/pretenuring: AllocationSite/);
    expect(pretenuringTrace(V8_FLAGS)).not.toMatch(/pretenuring/);
  });
});
