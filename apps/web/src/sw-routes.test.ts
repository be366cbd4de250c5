import { describe, expect, it } from 'vitest';
import { PUBLIC_PAGE_PATHS, WEB_APP_ROUTES } from '@sunin/contract';
import { APP_SHELL_SECTIONS, isAppShellPath, PUBLIC_APP_ROUTES } from './sw-routes';

describe('isAppShellPath', () => {
  it('takes the member and admin pages', () => {
    for (const path of ['/home', '/projects', '/projects/7', '/projects/7/contacts/3', '/projects/7/estimate', '/profile', '/admin', '/admin/all-projects', '/webhooks/2', '/PROJECTS/7']) {
      expect(isAppShellPath(path), path).toBe(true);
    }
  });

  it('leaves out every public page, the open links and unknown addresses', () => {
    for (const path of [...PUBLIC_PAGE_PATHS, '/p/abc123', '/unsubscribe', '/password-reset-form/t0k', '/verify_email', '/api/projects', '/sw.js', '/homepage', '/projects/7/nothing', '/index.html']) {
      expect(isAppShellPath(path), path).toBe(false);
    }
  });

  it('names no section that a public route also starts with', () => {
    // A public route sharing its first segment with a member one would be answered offline by the shell.
    const publicSections = PUBLIC_APP_ROUTES.map((route) => route.split('/')[1]);
    expect(publicSections.filter((section) => APP_SHELL_SECTIONS.has(section!))).toEqual([]);
    expect(APP_SHELL_SECTIONS.size).toBeGreaterThan(5);
    expect(WEB_APP_ROUTES.length).toBeGreaterThan(PUBLIC_APP_ROUTES.length);
  });
});
