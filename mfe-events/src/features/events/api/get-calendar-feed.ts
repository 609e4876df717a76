// GET /api/events/calendar-feed → { url }: the caller's personal .ics feed address for calendar apps.
import { api } from '@community/api-client';

export const getCalendarFeed = () => api.get<{ url: string }>('/api/events/calendar-feed');
