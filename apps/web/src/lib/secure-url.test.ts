import { describe, expect, it } from 'vitest';
import { downloadUrl, secureUrl } from './secure-url';

describe('download links (member-app.md 7: rewrite http to https)', () => {
  it('upgrades absolute http addresses on an https page only', () => {
    expect(secureUrl('http://cdn.example/a.pdf', 'https:')).toBe('https://cdn.example/a.pdf');
    expect(secureUrl('http://cdn.example/a.pdf', 'http:')).toBe('http://cdn.example/a.pdf');
    expect(secureUrl('/api/projects/1/files/2', 'https:')).toBe('/api/projects/1/files/2');
  });

  it('asks for an attachment with ?download=1 (or &download=1)', () => {
    expect(downloadUrl('/api/projects/1/images/2', 'https:')).toBe('/api/projects/1/images/2?download=1');
    expect(downloadUrl('http://cdn.example/a.pdf?v=2', 'https:')).toBe('https://cdn.example/a.pdf?v=2&download=1');
  });
});
