import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildWebhookDelivery } from '../../../lib/test-fixtures';
import { DeliveryItem } from './delivery-item';

const renderItem = (delivery: ReturnType<typeof buildWebhookDelivery>) =>
  render(
    <ul>
      <DeliveryItem delivery={delivery} onReplay={() => undefined} replaying={false} />
    </ul>,
  );

describe('a delivery of the log (issue 40 item 3)', () => {
  it('says Pending before its first attempt, and Retrying with the next attempt once one has failed', () => {
    const { unmount } = renderItem(buildWebhookDelivery({ attempts: 0 }));
    expect(screen.getByText('Pending')).toBeInTheDocument();
    unmount();
    renderItem(buildWebhookDelivery({ attempts: 2, attempt_log: [] }));
    expect(screen.getByText('Retrying')).toBeInTheDocument();
    expect(screen.queryByText('Pending')).toBeNull();
    expect(screen.getByText(/^Next attempt /)).toBeInTheDocument();
  });
});
