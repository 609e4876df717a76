// Exposed as `mfe_events/EventDetailPage`: the /events/{id} page, rendered by the shell with `{ id }`.
import '../index.css';

export { EventDetailPage as default } from '../features/events/components/event-detail-page.tsx';
