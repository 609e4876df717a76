// Exposed as `mfe_events/Modals`: the events modals the shell's modal host renders by type
// (viewEvent, createEvent, editEvent, createLivestream), with the props they were opened with.
import '../index.css';
import { EventModals } from '../features/events/components/event-modals.tsx';

export default EventModals;
