// Screen texts of the events feature that are not validation or toast messages (those live in
// @community/domain). Spec texts are word for word; texts marked "ours" fill gaps in the spec.
export const NO_AVAILABLE_EVENTS = 'No Available Events';
export const NO_DESCRIPTION = 'No description provided';
export const LOADING_USERS = 'Loading users...';
export const NO_USERS_FOUND = 'No users found';
export const usersError = (message: string) => `Error: ${message}`;

/** Ours: the spec only says PAID "asks to connect a payment account". */
export const PAID_REGISTRATION_PROMPT = 'Paid registration: connect a payment account to take payments.';
/** Ours: there is no geocoding service, so the place is picked on the map. */
export const MAP_PICK_HINT =
  'Address search is not available: pick the city to place the marker there, then click the map for the exact spot (or enter the coordinates).';
/** Ours: shown under the map when an in-person event has no coordinates. */
export const MAP_PICK_REQUIRED = 'Click the map to place the event';
/** Ours: a live stream URL must name one of the three platforms. */
export const STREAM_URL_PLATFORM = 'Use a YouTube, LinkedIn or Facebook URL';
export const BANNER_MAX_SIZE_LABEL = '5 MB';
