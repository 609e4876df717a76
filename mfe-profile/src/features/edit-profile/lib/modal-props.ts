// The editProfile modal's props, added to the UI kit's modal registry (declaration merging), so
// `openModal('editProfile', { returnTo: 'profile' })` is checked wherever it is called.
export {};

declare module '@community/ui' {
  interface ModalPropsByType {
    /** `returnTo: 'profile'` shows the own profile panel again when the dialog closes. */
    editProfile: { returnTo?: 'profile' };
  }
}
