import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Notification, User } from '@sunin/contract';
import { routes } from '../router';
import { saveSession } from '../../lib/session';
import { buildNotification, buildUser } from '../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch } from '../../lib/test-utils';
import { notificationSubject } from '../../features/notifications/components/notification-subject-link';

const proposalNote = buildNotification({ id: 21, title: 'Proposal update', project_id: 7, proposal_ticket_id: 40 });
const stageNote = buildNotification({ id: 22, title: 'Project stage updated', message: 'Sunny Foods is now at Presentation Ready.', project_id: 9, kind: 'stage_changes' });
const welcome = buildNotification({ id: 23, title: 'Welcome to SunIn', message: 'Your partner account is ready.', read: true, kind: 'welcome' });
// A payout covers several projects: an earnings notification without a project (issue 18 item 4).
const payoutNote = buildNotification({ id: 24, title: 'Payout sent', message: 'A payout of $1,200.00 is on its way.', kind: 'earnings' });

function renderAt(path: string, me: User = buildUser()) {
  saveSession('jwt', me);
  const notes: Notification[] = [proposalNote, stageNote, welcome, payoutNote];
  const calls = stubFetch(({ url, method }) => {
    if (url.pathname === '/api/user/profile') return jsonResponse(me);
    if (url.pathname === `/api/users/${me.id}/notifications`) return jsonResponse(notes, { headers: { 'X-Total-Count': '4' } });
    const read = /^\/api\/users\/\d+\/notifications\/(\d+)$/.exec(url.pathname);
    if (read && method === 'PATCH') return jsonResponse({ ...notes.find((note) => note.id === Number(read[1])), read: true, viewed_on: '2025-03-02T10:00:00.000Z' });
    if (url.pathname === '/api/projects/statistics') return jsonResponse({ scope: 'own', total: 0, working: 0, archived: 0, by_stage: {} });
    return jsonResponse([]);
  });
  return { calls, ...renderRoutes(routes, { initialEntries: [path] }) };
}

// The first test renders the whole router (lazy routes): slow on a busy machine.
describe('a notification opens its subject (issue 14 item 8)', { timeout: 20_000 }, () => {
  it('leads a member to the proposal tab or the project, an administrator to the admin project page', () => {
    expect(notificationSubject(proposalNote, false)).toEqual({ to: '/projects/7?tab=proposal', label: 'View proposal' });
    expect(notificationSubject(stageNote, false)).toEqual({ to: '/projects/9', label: 'View project' });
    expect(notificationSubject(proposalNote, true)).toEqual({ to: '/admin/projects/7?tab=proposal', label: 'View proposal' });
    expect(notificationSubject(welcome, false)).toBeNull();
    expect(notificationSubject(payoutNote, false)).toEqual({ to: '/earnings', label: 'View earnings' });
    // Only earnings lead somewhere without a project: another kind whose project was deleted leads nowhere.
    expect(notificationSubject({ ...stageNote, project_id: null }, false)).toBeNull();
  });

  it('an earnings notification without a project links to /earnings', async () => {
    const { user, router } = renderAt('/notifications');
    const link = await screen.findByRole('link', { name: 'View earnings: Payout sent' });
    expect(link).toHaveAttribute('href', '/earnings');
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/earnings'));
  });

  it('from the /notifications list: a link per subject, none for the welcome note; following it marks it read', async () => {
    const { calls, user, router } = renderAt('/notifications');
    const link = await screen.findByRole('link', { name: 'View proposal: Proposal update' });
    expect(link).toHaveAttribute('href', '/projects/7?tab=proposal');
    expect(screen.getByRole('link', { name: 'View project: Project stage updated' })).toHaveAttribute('href', '/projects/9');
    expect(screen.queryByRole('link', { name: /Welcome to SunIn/ })).not.toBeInTheDocument();
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/7'));
    expect(calls.some((call) => call.method === 'PATCH' && call.url.pathname === '/api/users/3/notifications/21')).toBe(true);
  });

  it('from the modal: the subject link closes it and opens the project', async () => {
    const { user, router } = renderAt('/notifications');
    await user.click(await screen.findByRole('button', { name: /Project stage updated/ }));
    const modal = await screen.findByRole('dialog', { name: 'Project stage updated' });
    await user.click(within(modal).getByRole('link', { name: 'View project: Project stage updated' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/9'));
    expect(screen.queryByRole('dialog', { name: 'Project stage updated' })).not.toBeInTheDocument();
  });

  it("from the home card: an administrator's link opens the admin project's Proposal tab", async () => {
    renderAt('/home', buildUser({ account_type: 'admin', company_role: 'full_access_admin' }));
    const card = await screen.findByRole('region', { name: 'Recent Notifications' });
    expect(await within(card).findByRole('link', { name: 'View proposal: Proposal update' })).toHaveAttribute('href', '/admin/projects/7?tab=proposal');
  });
});
