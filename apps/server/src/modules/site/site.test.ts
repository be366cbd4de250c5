import { PUBLIC_PAGE_PATHS } from '@sunin/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRAINING_VIDEO_BASE_URL: 'https://videos.example.com/sunin/' });
});
afterAll(async () => t?.close());

describe('site routes', () => {
  it('serves a sitemap of every public page with absolute URLs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/xml/);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(PUBLIC_PAGE_PATHS.map((path) => `http://portal.test${path}`));
    expect((await t.app.inject({ method: 'GET', url: '/robots.txt' })).body).toContain('Sitemap: http://portal.test/sitemap.xml');
  });

  it('lists the six training videos under the configured base URL, to members only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/training/videos' })).statusCode).toBe(401);
    const { auth } = await t.signIn();
    const res = await t.app.inject({ method: 'GET', url: '/api/training/videos', headers: auth });
    expect(res.json().map((v: { title: string }) => v.title)).toEqual(['Start Here', 'Accounts', 'Creating a Project', 'Navigating a Project', 'Requesting a proposal 1/2', 'Requesting a proposal 2/2']);
    expect(res.json()[0].src).toBe('https://videos.example.com/sunin/start-here.mp4');
  });

  it('lets the page play videos from the configured host (CSP media-src)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("media-src 'self' https://videos.example.com");
  });

  it('offers no videos when none are configured', async () => {
    const bare = await createTestApp();
    try {
      const { auth } = await bare.signIn();
      expect((await bare.app.inject({ method: 'GET', url: '/api/training/videos', headers: auth })).json()).toEqual([]);
    } finally {
      await bare.close();
    }
  });
});
