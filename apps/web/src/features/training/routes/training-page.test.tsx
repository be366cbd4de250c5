import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TrainingVideo } from '@sunin/contract';
import { saveSession } from '../../../lib/session';
import { buildUser } from '../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch } from '../../../lib/test-utils';
import { TrainingPage } from './training-page';

const VIDEOS: TrainingVideo[] = [
  { id: 'start-here', title: 'Start Here', category: 'getting-started', src: 'https://videos.example/start-here.mp4' },
  { id: 'accounts', title: 'Accounts', category: 'getting-started', src: 'https://videos.example/accounts.mp4' },
  { id: 'creating', title: 'Creating a Project', category: 'platform', src: 'https://videos.example/creating.mp4' },
  { id: 'navigating', title: 'Navigating a Project', category: 'platform', src: 'https://videos.example/navigating.mp4' },
  { id: 'proposal-1', title: 'Requesting a proposal 1/2', category: 'platform', src: 'https://videos.example/proposal-1.mp4' },
  { id: 'proposal-2', title: 'Requesting a proposal 2/2', category: 'platform', src: 'https://videos.example/proposal-2.mp4' },
];

function openTraining(videos: TrainingVideo[] | { status: number }, user = buildUser()) {
  saveSession('jwt', user);
  const calls = stubFetch(({ url }) => {
    if (url.pathname === '/api/training/videos') {
      return Array.isArray(videos) ? jsonResponse(videos) : jsonResponse({ error: { code: 'internal', message: 'Boom' } }, videos);
    }
    return jsonResponse(user);
  });
  return { calls, ...renderRoutes([{ path: '/sunin-school', element: <TrainingPage /> }], { initialEntries: ['/sunin-school'] }) };
}

describe('/sunin-school (public-site-and-admin.md 2.4)', () => {
  it('shows the breadcrumb Home > Training and the getting-started videos, with the platform category closed', async () => {
    const { calls } = openTraining(VIDEOS);
    expect(await screen.findByRole('heading', { level: 1, name: 'Training' })).toBeInTheDocument();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/home');
    expect(within(breadcrumb).getByText('Training')).toHaveAttribute('aria-current', 'page');

    expect(await screen.findByRole('heading', { name: 'Start Here' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Accounts' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Creating a Project' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.url.pathname === '/api/training/videos' && call.headers.get('authorization') === 'Bearer jwt')).toBe(true);

    const video = document.querySelector('video[src="https://videos.example/start-here.mp4"]');
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('preload', 'metadata');
  });

  it("opens the platform sub-view and goes back with 'Back to Categories'", async () => {
    const { user, router } = openTraining(VIDEOS);
    await user.click(await screen.findByRole('button', { name: 'Open Platform videos' }));
    expect(router.state.location.search).toBe('?category=platform');
    for (const title of ['Creating a Project', 'Navigating a Project', 'Requesting a proposal 1/2', 'Requesting a proposal 2/2']) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    expect(document.querySelectorAll('video')).toHaveLength(4);
    expect(screen.queryByRole('heading', { name: 'Start Here' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back to Categories' }));
    expect(await screen.findByRole('heading', { name: 'Start Here' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Creating a Project' })).not.toBeInTheDocument();
  });

  it("shows 'No Training Videos Available' for an empty list, with what the training covers and whom to ask (issue 34 item 7)", async () => {
    openTraining([]);
    expect(await screen.findByText('No Training Videos Available')).toBeInTheDocument();
    expect(document.querySelector('video')).toBeNull();
    const covers = screen.getByRole('region', { name: 'What the training covers' });
    expect(within(covers).getAllByRole('listitem').map((item) => item.textContent?.split(':')[0])).toEqual([
      'Start Here',
      'Accounts',
      'Creating a Project',
      'Navigating a Project',
      'Requesting a proposal 1/2',
      'Requesting a proposal 2/2',
    ]);
    expect(within(covers).getByRole('link', { name: 'partners@sunin.example' })).toHaveAttribute('href', 'mailto:partners@sunin.example');
    // A member is not shown the server setting.
    expect(screen.queryByText('TRAINING_VIDEO_BASE_URL')).not.toBeInTheDocument();
  });

  it('tells an administrator which setting turns the videos on (issue 34 item 7)', async () => {
    openTraining([], buildUser({ account_type: 'admin', company_role: 'full_access_admin' }));
    expect(await screen.findByText('For administrators: turning the videos on')).toBeInTheDocument();
    expect(screen.getByText('TRAINING_VIDEO_BASE_URL')).toBeInTheDocument();
    expect(screen.getByText(/start-here\.mp4, accounts\.mp4/)).toBeInTheDocument();
  });

  it('shows an error with a retry when the list cannot be loaded', async () => {
    openTraining({ status: 404 });
    expect(await screen.findByRole('alert')).toHaveTextContent('The training videos could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
