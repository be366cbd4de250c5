import type { ReactNode } from 'react';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PARTNER_TIERS, type PartnerTier } from '../content/partner-tiers';
import { PricingPage } from '../routes/pricing-page';
import { PlanPrice, PricingPlans } from './pricing-plans';

function renderInRouter(element: ReactNode) {
  const router = createMemoryRouter([{ path: '*', element }]);
  return render(<RouterProvider router={router} />);
}

describe('pricing (public-site-and-admin.md 2.3 and 6)', () => {
  it('shows the monthly suffix only for a plan with a price object', () => {
    const priced: PartnerTier = { id: 'sales_partner', name: 'Priced', summary: '', price: { monthlyUsd: 129, yearlyUsd: 1399 }, features: [], cta: 'Go' };
    const free: PartnerTier = { id: 'referral_partner', name: 'Free', summary: '', priceLabel: 'Free', features: [], cta: 'Go' };
    const { container, unmount } = render(<PlanPrice tier={priced} />);
    expect(container).toHaveTextContent('$129/month');
    expect(container).toHaveTextContent('or $1,399 per year');
    unmount();
    const { container: freeContainer } = render(<PlanPrice tier={free} />);
    expect(freeContainer).toHaveTextContent('Free');
    expect(freeContainer).not.toHaveTextContent('/month');
  });

  it('lists the three tiers of the table; only the Sales Partner has a price, and every CTA goes to /signup', () => {
    renderInRouter(<PricingPlans tiers={PARTNER_TIERS} />);
    const cards = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.closest('li')!);
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Referral Partner', 'Sales Partner', 'Enterprise Partner']);
    expect(cards).toHaveLength(3);
    const [referral, sales, enterprise] = cards as unknown as [HTMLElement, HTMLElement, HTMLElement];
    expect(referral).toHaveTextContent('Free');
    expect(referral).toHaveTextContent('up to 20% of profit (minimum payout $2,500)');
    expect(sales).toHaveTextContent('$129/month');
    expect(sales).toHaveTextContent('up to 60% of profit');
    expect(enterprise).toHaveTextContent('Coming Soon');
    expect(enterprise).toHaveTextContent('up to 70% of profit');
    for (const card of [referral, enterprise]) expect(card).not.toHaveTextContent('/month');
    for (const card of cards) expect(within(card).getByRole('link')).toHaveAttribute('href', '/signup');
  });

  it("has 'Sign Up Today !' to /signup on the page", async () => {
    renderInRouter(<PricingPage />);
    expect(await screen.findByRole('link', { name: 'Sign Up Today !' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
  });
});
