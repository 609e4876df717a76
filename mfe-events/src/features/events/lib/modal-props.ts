// The props of the events modals, added to the UI kit's modal registry (declaration merging), so
// `openModal('viewEvent', { eventId })` is checked wherever it is called.
export {};

declare module '@community/ui' {
  interface ModalPropsByType {
    viewEvent: { eventId: string };
    editEvent: { eventId: string };
    createEvent: Record<string, never>;
    createLivestream: Record<string, never>;
  }
}
