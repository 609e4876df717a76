// POST /api/events/calendar-feed/reset → { url }: a new personal feed address; the old one stops working.
import { api } from '@community/api-client';

export const resetCalendarFeed = () => api.post<{ url: string }>('/api/events/calendar-feed/reset');
