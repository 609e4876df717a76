import type { CommunityEvent } from '@community/domain';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EventCard } from './event-card.tsx';

afterEach(cleanup);

const event = {
  id: 'e1',
  title: 'Design systems meetup',
  startDate: '2025-01-14T23:00:00Z',
  endDate: '2025-01-15T01:00:00Z',
  hostName: 'Grace Hopper',
  host: { firstName: 'Grace', lastName: 'Hopper', imageUrl: null },
  location: 'IN_PERSON',
  address: { city: 'Boston', name: 'Hall', full_address: '1 Main St', lat: 0, lng: 0 },
  color: null,
  tags: ['react', 'css', 'tokens', 'ark', 'panda'].map((name, index) => ({ id: `t${index}`, name })),
} as CommunityEvent;

describe('event card', () => {
  it('shows the first 3 tags and a "+N more" counter for the rest', () => {
    render(<EventCard event={event} />);
    const topics = within(screen.getByRole('list', { name: 'Topics' }));
    expect(topics.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'react',
      'css',
      'tokens',
      '+2 more',
    ]);
  });

  it('shows the date range in Eastern time, the host and the location kind', () => {
    render(<EventCard event={event} />);
    expect(screen.getByText('Tue, Jan 14, 2025 · 6:00 PM – 8:00 PM EST')).toBeTruthy();
    expect(screen.getByText('Hosted by Grace Hopper')).toBeTruthy();
    expect(screen.getByText('In person · Boston')).toBeTruthy();
  });

  it('shows no counter when the event has 3 tags or fewer', () => {
    render(<EventCard event={{ ...event, tags: event.tags.slice(0, 2) }} />);
    expect(screen.queryByText(/more$/)).toBeNull();
  });
});
