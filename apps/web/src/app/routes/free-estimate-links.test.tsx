import { screen, within } from '@testing-library/react';
import { FREE_ESTIMATE_PATH, FREE_ESTIMATE_TITLE } from '@sunin/contract';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch } from '../../lib/test-utils';
import { routes } from '../router';

/*
 * The public site leads business owners to the form without a partner's link (issue 39 item 2):
 * the landing page's call to action and the Businesses menu (header and footer). Rendered
 * through the app's public pages, as a visitor inside the app meets them.
 */
describe('links to /free-estimate from the public site', { timeout: 30_000 }, () => {
  it('the landing page calls to it first, the Businesses menu lists it, and following it opens the form', async () => {
    stubFetch(() => jsonResponse({ form_token: 'form-1', min_seconds: 3 }));
    const { user } = renderRoutes(routes, { initialEntries: ['/'] });
    const hero = (await screen.findByRole('heading', { level: 1, name: 'Unleash the Power of Commercial Solar' })).closest('section')!;
    expect(within(hero).getAllByRole('link')[0]).toHaveAccessibleName('Free savings estimate');
    expect(within(hero).getByRole('link', { name: 'Free savings estimate' })).toHaveAttribute('href', FREE_ESTIMATE_PATH);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Free savings estimate' })).toHaveAttribute('href', FREE_ESTIMATE_PATH);

    await user.click(within(hero).getByRole('link', { name: 'Free savings estimate' }));
    expect(await screen.findByRole('heading', { level: 1, name: FREE_ESTIMATE_TITLE })).toBeInTheDocument();
  });
});
