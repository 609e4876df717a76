// The community UI kit: Ark UI parts styled with the Panda preset (./preset), plus the page-wide client
// state every app shares (modal store, toaster). Shared as a module federation singleton.
export { Avatar, type AvatarProps, initialsOf } from './components/avatar.tsx';
export { Badge, type BadgeProps } from './components/badge.tsx';
export { Button, type ButtonProps } from './components/button.tsx';
export { Card } from './components/card.tsx';
export {
  CITY_SEARCH_DEBOUNCE_MS,
  CityPicker,
  type CityPickerProps,
  cityLabel,
  countryName,
} from './components/city-picker.tsx';
export { Dialog } from './components/dialog.tsx';
export { EmptyState, type EmptyStateProps } from './components/empty-state.tsx';
export {
  ErrorReference,
  type ErrorReferenceProps,
  REFERENCE_COPIED_MS,
} from './components/error-reference.tsx';
export { Field, TextField, type TextFieldProps } from './components/field.tsx';
export { Input, type InputProps } from './components/input.tsx';
export { Menu } from './components/menu.tsx';
export { RefreshingList } from './components/refreshing-list.tsx';
export { SelectChevron } from './components/select-chevron.tsx';
export { Skeleton, type SkeletonProps } from './components/skeleton.tsx';
export { Spinner, type SpinnerProps } from './components/spinner.tsx';
export { Table } from './components/table.tsx';
export { Tabs } from './components/tabs.tsx';
export { Toaster } from './components/toaster.tsx';
export { focusFirstInvalid } from './focus-first-invalid.ts';
export { useModal } from './hooks.ts';
export * as icons from './icons.ts';
export {
  closeModal,
  isModalType,
  MODAL_TYPES,
  type ModalProps,
  type ModalPropsByType,
  type ModalState,
  type ModalType,
  modalStore,
  openModal,
  PROFILE_LINK_PARAM,
} from './modal-store.ts';
export { canOpenProfile, openProfile } from './profile-access.ts';
export { restoredScrollArea, saveScrollArea, startScrollRestoration } from './scroll-restoration.ts';
export { TOAST_DURATION_MS, type ToastExtras, type ToastOptions, toast, toaster } from './toast.ts';
export { type CursorList, type CursorPage, useCursorList } from './use-cursor-list.ts';
export { useDebouncedValue } from './use-debounced-value.ts';
export { DESKTOP_QUERY, useMediaQuery } from './use-media-query.ts';
export { type FieldErrors, type SchemaFormOptions, useSchemaForm } from './use-schema-form.ts';
export { useSecondsUntil } from './use-seconds-until.ts';
