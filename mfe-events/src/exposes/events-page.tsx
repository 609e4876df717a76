// Exposed as `mfe_events/EventsPage`: the /events page. Importing the CSS here makes it load with
// the module wherever the shell renders it.
import '../index.css';

export { EventsPage as default } from '../features/events/components/events-page.tsx';
