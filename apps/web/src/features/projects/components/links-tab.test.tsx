import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LINK_TYPES, type ProjectLink } from '@sunin/contract';
import { saveSession } from '../../../lib/session';
import { buildProjectLink, buildUser } from '../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch } from '../../../lib/test-utils';
import { LinksTab } from './links-tab';

function renderLinks() {
  saveSession('jwt', buildUser());
  return renderRoutes([{ path: '/', element: <LinksTab projectId={7} /> }]);
}

function stubLinksApi(initial: ProjectLink[], { failList, failCreate, failDelete }: { failList?: boolean; failCreate?: Response; failDelete?: boolean } = {}) {
  let links = [...initial];
  return stubFetch(({ url, method, body }) => {
    const match = /^\/api\/projects\/7\/project_links(?:\/(\d+))?$/.exec(url.pathname);
    if (!match) return jsonResponse([]);
    if (method === 'GET') return failList ? jsonResponse({ error: { code: 'internal', message: 'Boom.' } }, { status: 500 }) : jsonResponse(links);
    if (method === 'POST') {
      if (failCreate) return failCreate;
      const created = buildProjectLink({ ...(body as { project_link: Partial<ProjectLink> }).project_link, id: 50 });
      links = [...links, created];
      return jsonResponse(created, { status: 201 });
    }
    if (failDelete) return jsonResponse({ error: { code: 'internal', message: 'Boom.' } }, { status: 500 });
    links = links.filter((link) => link.id !== Number(match[1]));
    return new Response(null, { status: 204 });
  });
}

describe('links tab on a poor signal (issue 41)', () => {
  it('keeps the links it showed when a refresh fails, and says so', async () => {
    let down = false;
    stubFetch(() => (down ? Promise.reject(new TypeError('Failed to fetch')) : jsonResponse([buildProjectLink({ link_title: 'Finance deck' })])));
    const { queryClient } = renderLinks();
    expect(await screen.findByRole('link', { name: /Finance deck/ })).toBeInTheDocument();
    down = true;
    await queryClient.refetchQueries();
    expect(await screen.findByText('Could not refresh: showing what you last saw.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Finance deck/ })).toBeInTheDocument();
  });
});

describe('Project Links tab (member-app.md 2)', () => {
  it("adds a link with one of the six types: 'Link added successfully!'", async () => {
    const calls = stubLinksApi([]);
    const { user } = renderLinks();
    expect(await screen.findByText('No links yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Link' }));
    const modal = await screen.findByRole('dialog', { name: 'New Link' });
    const type = within(modal).getByLabelText('Link Type');
    expect(within(type).getAllByRole('option').map((option) => option.textContent)).toEqual(['Select…', ...LINK_TYPES]);
    await user.selectOptions(type, 'Calendar');
    await user.type(within(modal).getByLabelText('Link Title'), 'Site survey');
    await user.type(within(modal).getByLabelText('Link URL'), 'https://cal.example/survey');
    await user.click(within(modal).getByRole('button', { name: 'Add Link' }));

    expect(await screen.findByText('Link added successfully!')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      project_link: { link_type: 'Calendar', link_title: 'Site survey', link_url: 'https://cal.example/survey' },
    });
    const link = await screen.findByRole('link', { name: /Site survey/ });
    expect(link).toHaveAttribute('href', 'https://cal.example/survey');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it("shows the server's field message and 'Failed to add new link.' for a bad address", async () => {
    stubLinksApi([], {
      failCreate: jsonResponse(
        {
          error: {
            code: 'validation_failed',
            message: 'Please enter a full web address starting with http:// or https://.',
            fields: { link_url: 'Please enter a full web address starting with http:// or https://.' },
          },
        },
        { status: 422 },
      ),
    });
    const { user } = renderLinks();
    await user.click(await screen.findByRole('button', { name: 'Add Link' }));
    const modal = await screen.findByRole('dialog', { name: 'New Link' });
    await user.selectOptions(within(modal).getByLabelText('Link Type'), 'Other');
    await user.type(within(modal).getByLabelText('Link Title'), 'Drive');
    await user.type(within(modal).getByLabelText('Link URL'), 'ftp://files.example');
    await user.click(within(modal).getByRole('button', { name: 'Add Link' }));

    expect(await screen.findByText(/^Failed to add new link\./)).toBeInTheDocument();
    expect(within(modal).getByLabelText('Link URL')).toHaveAccessibleDescription('Please enter a full web address starting with http:// or https://.');
    expect(within(modal).getByLabelText('Link URL')).toHaveValue('ftp://files.example');
  });

  it("deletes after confirming: 'Tool deleted successfully!'", async () => {
    const calls = stubLinksApi([buildProjectLink()]);
    const { user } = renderLinks();
    await user.click(await screen.findByRole('button', { name: 'Delete Loan portal' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete link?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Tool deleted successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: /Loan portal/ })).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'DELETE')?.url.pathname).toBe('/api/projects/7/project_links/21');
  });

  it("a failed delete says 'Failed to delete tool.'", async () => {
    stubLinksApi([buildProjectLink()], { failDelete: true });
    const { user } = renderLinks();
    await user.click(await screen.findByRole('button', { name: 'Delete Loan portal' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete link?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete tool.')).toBeInTheDocument();
  });

  it("toasts 'Failed to fetch tools.' when the list cannot be loaded", async () => {
    stubLinksApi([], { failList: true });
    renderLinks();
    await waitFor(() => expect(screen.getAllByText('Failed to fetch tools.')).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
