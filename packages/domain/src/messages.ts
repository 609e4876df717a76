// Every user-facing text of the spec's validation rules (section 5) and error catalogue (section 8),
// word for word, so forms, toasts and API errors all say the same thing. Spellings such as
// "occured" are the spec's own. Texts marked "ours" fill gaps where the spec names a rule but no text.

// Space form
export const SPACE_NAME_REQUIRED = 'Space name is required.';
export const SPACE_DESCRIPTION_TOO_SHORT = 'Description must be at least 3 characters.';
export const SPACE_DESCRIPTION_TOO_LONG = 'Description must be at most 250 characters.';
export const SPACE_TYPE_REQUIRED = 'Space type is required.';
export const SPACE_COLOR_REQUIRED = 'Color is required';

// Posts and comments
export const POST_EMPTY = 'Post is empty';
export const COMMENT_EMPTY = 'Comment is empty';
export const CONTENT_EMPTY = 'Please type something or attach a file';
export const POST_TAGS_TOO_MANY = 'You can add up to 3 tags'; // ours
export const ATTACHMENT_NAME_REQUIRED = 'File name is required'; // ours

// Events
export const EVENT_DATE_ERROR = 'Error in event date';
export const EVENT_DATE_ORDER = 'Check the event date';
export const EVENT_SPACE_REQUIRED = 'Space is required.';
export const DATE_INVALID = 'Please select a valid date';
export const EVENT_TITLE_REQUIRED = 'Title is required'; // ours
export const EVENT_HOST_REQUIRED = 'Host is required'; // ours
export const EVENT_LOCATION_REQUIRED = 'Location is required'; // ours
export const EVENT_ADDRESS_REQUIRED = 'Address is required'; // ours
export const EVENT_STREAM_URL_REQUIRED = 'Stream URL is required'; // ours
export const EVENT_TOPICS_TOO_MANY = 'You can add up to 5 topics'; // ours
export const EVENT_CANCEL_REASON_REQUIRED = 'Reason is required'; // ours
export const EVENT_CANCELLED_NO_RSVP = 'This event was cancelled: RSVPs are closed.'; // ours
export const EVENT_ALREADY_CANCELLED = 'This event is already cancelled.'; // ours
export const EVENT_NOT_CANCELLED = 'This event is not cancelled.'; // ours
export const EVENT_STARTED_NO_RESTORE = 'This event has already started: it cannot be restored.'; // ours
export const EVENT_DRAFT_NO_CANCEL = 'A draft cannot be cancelled: delete it instead.'; // ours
export const EVENT_DELETE_CANCEL_FIRST = 'Cancel this event before deleting it.'; // ours
export const EVENT_CANCELLED_NO_EDIT = 'This event was cancelled: restore it before editing it.'; // ours
export const EVENT_CAPACITY_INVALID = 'Places must be a whole number from 1 to 10000'; // ours

// Profile
export const PROFILE_EMAIL_INVALID = 'Email must be a valid address'; // ours
export const PROFILE_DATE_OF_BIRTH_INVALID = 'Date of birth must be between 1900-01-01 and today'; // ours
export const PROFILE_NO_CHANGES = 'No changes';
export const PROFILE_NO_CHANGES_DESCRIPTION = 'Please make some changes before saving';

// Dropzone
export const fileTooLarge = (size: string) => `The file is too large. Max size is ${size}.`;
export const FILE_INVALID_TYPE = 'Invalid file type.';
export const tooManyFiles = (n: number) => `You can only add ${n} file(s).`;
export const FILE_NOT_SUPPORTED = 'The file is not supported.';

// Add/edit user form, complete-profile page and admin info
export const FIRST_NAME_REQUIRED = 'First name is required';
export const LAST_NAME_REQUIRED = 'Last name is required';
export const PSEUDO_REQUIRED = 'pseudo is required';
export const JOB_REQUIRED = 'Job is required';
export const COMPANY_REQUIRED = 'Company is required';
export const CITY_REQUIRED = 'City is required';
export const CITY_NOT_FOUND = 'City not found'; // ours
export const PHONE_INVALID = 'Enter a valid phone number'; // ours
export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password to change your email'; // ours
export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect'; // ours
/** Ours: an image (avatar, cover, comment image, event banner) must be one's own upload to its bucket. */
export const IMAGE_NOT_UPLOADED = 'Upload the image here.';
export const PROFILE_IMAGE_NOT_UPLOADED = IMAGE_NOT_UPLOADED;
/** Ours: a post's or message's image, video, audio or file must be one's own upload (links are `a`). */
export const ATTACH_OWN_UPLOADS = 'Attach files by uploading them here.';
export const USER_ID_MISSING = 'User ID is not available';
export const USER_LOAD_FAILED = 'Unable to load user';
export const POSTS_ACTIVITY_EMPTY = 'No posts activity';
export const COMMENTS_ACTIVITY_EMPTY = 'No comments activity';
export const GO_TO_MESSAGE = 'Go to message';
export const ROLE_INVALID = 'Role must be Admin, Host or User'; // ours
export const PASSWORD_TOO_SHORT = 'Password must be at least 8 characters';
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const FEATURE_REQUIRED = 'At least one feature must be selected';
export const PERMISSION_DENIED = 'You do not have permission to perform this action.';

// Sign-in and invitations
export const INVALID_EMAIL = 'Invalid email address';
export const PASSWORD_REQUIRED = 'Password is required'; // ours
export const INVITE_TOKEN_REQUIRED = 'Invitation token is required'; // ours
export const COMMUNITY_SUBDOMAIN_REQUIRED = 'Community subdomain is required'; // ours
export const COMMUNITY_REQUIRED = 'Community is required'; // ours

// Community edit
export const COMMUNITY_NAME_REQUIRED = 'Community name is required';
export const COMMUNITY_LOGO_REQUIRED = 'Community logo is required';
export const COMMUNITY_URL_REQUIRED = 'Community URL is required';

// URL entries
export const URL_INVALID = 'Please enter a valid URL';
export const URL_EMPTY = 'URL cannot be empty';
export const URLS_REQUIRED = 'At least one URL is required';
export const urlsTooMany = (max: number) => `Add at most ${max} URLs at a time`; // ours

// Import
export const importRowMissingFields = (row: number) => `User at row ${row} is missing required fields`;
export const importRowFailed = (row: number) => `Row ${row}: Sorry, an error occured please try again`;
// Ours: rows an import leaves alone are notes, not errors, so a full export re-imports cleanly.
export const importSkippedSuperAdmin = (email: string) =>
  `Skipped: ${email} is a Super Admin account, which an import never creates or changes`;
export const importSkippedExisting = (email: string) =>
  `Skipped: ${email} is already a member (an import adds accounts, it does not change them)`;
export const IMPORT_COMPLETED_WITH_ERRORS = 'Import completed with errors';
export const IMPORT_FAILED = 'Failed to import users. Please check your file format.';
export const usersImported = (n: number) => `${n} users imported successfully`;
export const USERS_EXPORTED = 'Users exported successfully';

// Toasts: RSVP
export const RSVP_ERROR_TITLE = 'Internal Error';
export const RSVP_FAILED = 'Failed to RSVP';
export const UNRSVP_FAILED = 'Failed to UnRSVP';
export const RSVP_DONE = 'You marked as interested';
export const UNRSVP_DONE = 'You unmarked as interested';
export const WAITLIST_JOINED = 'You joined the waitlist'; // ours
export const WAITLIST_LEFT = 'You left the waitlist'; // ours

// Toasts: posts and comments
export const POST_NOT_FOUND = 'Post not found';
export const POST_UPDATE_FAILED = 'Failed to update post';
export const POST_UPDATE_FAILED_DESCRIPTION = 'An error occurred while updating your post';
export const POST_CREATE_FAILED = 'Failed to create post';
export const POST_CREATE_FAILED_DESCRIPTION = 'An error occurred while creating your post';
export const POST_UPDATED = 'Post updated';
export const POST_CREATED = 'Post created';
export const POST_SCHEDULED = 'Post scheduled';
export const COMMENT_CREATE_FAILED = 'Failed to create comment';
export const COMMENT_CREATE_FAILED_DESCRIPTION = 'An error occurred while creating the comment';
export const COMMENTS_LOAD_FAILED = 'Something went wrong!';
export const COMMENTS_LOADING = 'Loading comments...';

// Toasts: spaces, members and message search
export const SPACE_CREATE_FAILED = 'Failed to create space';
export const INTERNAL_SERVER_ERROR = 'Internal server error';
export const SPACE_UPDATED = 'Space updated successfully';
export const SPACE_UPDATE_FAILED = 'Failed to update space';
export const SPACE_DELETED = 'Space deleted successfully';
export const SPACE_DELETE_FAILED = 'Failed to delete space';
export const MEMBER_ADD_FAILED_TITLE = 'Error';
export const MEMBER_ADD_FAILED = 'An error occurred while adding the member to the space';
export const MESSAGE_SEARCH_FAILED = 'Failed to find messages';
export const MESSAGE_SEARCH_FAILED_DESCRIPTION = 'An error occurred while searching for messages';
export const NO_MESSAGES_FOUND = 'No messages found';

// Toasts: events
export const EVENT_SAVED_TITLE = 'Success!';
export const EVENT_ERROR_TITLE = 'Error!';
export const EVENT_CREATE_FAILED = 'Error occured while creating event!';
export const EVENT_UPDATE_FAILED = 'Error occured while updating event!';
export const EVENT_ANNOUNCEMENT_FAILED = "Note: Event created but announcement couldn't be sent";
export const EVENT_CANCELLED_TOAST = 'Event cancelled'; // ours
export const EVENT_RESTORED_TOAST = 'Event restored'; // ours
export const EVENT_DELETED_TOAST = 'Event deleted'; // ours

// Toasts: images and uploads
export const IMAGE_LOAD_FAILED = 'Failed to load image';
export const BANNER_LOAD_FAILED = 'Failed to load banner image';
export const SIGNED_URL_FAILED = 'Failed to get signed URL';
export const UPLOAD_FAILED = 'Upload failed';
export const UPLOAD_FAILED_DESCRIPTION = 'An error occurred while uploading profile picture';
export const IMAGE_UPLOADED = 'Image uploaded';
export const LOGO_UPLOAD_FAILED = 'Upload Failed';

// Toasts: profile
export const PROFILE_UPDATE_FAILED = 'Failed to update profile';
export const PROFILE_UPDATE_FAILED_DESCRIPTION = 'An error occurred while updating your profile';
export const PROFILE_UPDATED = 'Profile updated';
export const PROFILE_UPDATED_DESCRIPTION = 'Your profile has been updated successfully';

// Toasts: admin panel users
export const USERS_FETCH_FAILED = 'Failed to fetch users';
export const SOMETHING_WENT_WRONG = 'Something went wrong';
export const USER_DELETE_FAILED = 'Failed to delete user';
export const USER_STATUS_UPDATE_FAILED = 'Failed to update user status';
export const USER_UPDATED = 'User updated successfully';
export const USER_ADDED = 'User added successfully';
export const USER_DELETED = 'User deleted successfully';
export const USER_BLOCKED = 'Block user successfully';
export const USER_REACTIVATED = 'Reactivate user successfully';
export const USER_FEATURES_UPDATED = 'User features updated successfully';

// Toasts: community, invitations, admin info and URLs
export const COMMUNITY_FETCH_FAILED = 'Failed to fetch community data';
export const COMMUNITY_NOT_FOUND = 'No community found';
export const COMMUNITY_UPDATE_FAILED = 'Failed to update community';
export const COMMUNITY_UPDATED = 'Community updated successfully';
export const INVITE_LINK_FAILED = 'Failed to generate invite link';
export const INVITE_LINK_GENERATED = 'Invitation link generated successfully!';
/** When the platform emailed the invitation too (issue 32): said instead of the line above, not with it. */
export const invitationSent = (email: string) => `Invitation sent to ${email}`;
/** The invitation was not emailed: the address is on the suppression list (issue 32). */
export const invitationBounced = (email: string) => `Not emailed: ${email} bounced before`;
export const INVITATION_BOUNCED_DESCRIPTION =
  'Share the link yourself, or clear the address under Bounced email addresses and generate a new link.';
export const CLIPBOARD_COPY_FAILED = 'Failed to copy to clipboard.';
export const INVITE_LINK_COPIED = 'Invite link copied to clipboard!';
export const COMMUNITY_INFO_UPDATE_FAILED = 'Failed to update community info';
export const COMMUNITY_INFO_UPDATE_FAILED_DESCRIPTION = 'An error occurred while updating community info';
export const URLS_CREATE_FAILED = 'Failed to create URLs';
export const URL_DELETE_FAILED = 'Failed to delete URL';

// Lengths, characters and ids (ours: the spec names no maximum, see limits.ts)
export const textTooLong = (label: string, max: number) =>
  `${label} must be at most ${max.toLocaleString('en-US')} characters.`;
export const textNotAllowed = (label: string) => `${label} contains characters that are not allowed.`;
export const idInvalid = (label: string) => `${label} is not a valid id.`;
export const tooManyItems = (label: string, max: number) => `${label}: at most ${max} allowed.`;
export const RICH_TEXT_TOO_LARGE = 'This text is too long or has too much formatting.';

// A form dialog closed by Esc, the backdrop or its X after the member typed in it (issue 26; ours).
export const DISCARD_CHANGES = 'Discard changes?';
export const DISCARD_CHANGES_DESCRIPTION = 'What you entered here will be lost.';

// Other empty states and lookups
export const USER_NOT_FOUND = 'User not found';
export const NO_COUNTRIES_FOUND = 'No countries found';
export const NO_SPACES_TO_SHOW = 'No spaces to show';
export const NO_ATTACHMENTS_TO_SHOW = 'No attachments to show';

// Faults (issue 17): the answer while the database is away or slower than the request's deadline,
// and what the app shows meanwhile.
export const SERVICE_UNAVAILABLE = 'Service temporarily unavailable';
export const RECONNECTING = 'Reconnecting…';
export const NOT_SENT_YET = 'Not sent yet';

/**
 * What an unsent item says while the outbox waits to send it again (issue 26): when it goes, and,
 * after a 429, why in a member's words. `secondsLeft` null: not known (kept from before a reload);
 * 0: it is going now. `writing` names what the member does too fast ("posting", "sending messages").
 */
export function notSentYet(secondsLeft: number | null, rateLimited: boolean, writing: string): string {
  if (secondsLeft === null) return NOT_SENT_YET;
  if (secondsLeft <= 0) return `${NOT_SENT_YET} — sending…`;
  if (rateLimited)
    return `${NOT_SENT_YET} — you are ${writing} very fast; this will be sent in ${secondsLeft} s`;
  return `${NOT_SENT_YET} — will retry in ${secondsLeft} s`;
}

// Repeating events and time zones (issue 12; ours: the spec has none)
export const TIME_ZONE_INVALID = 'Choose a valid time zone';
export const REPEAT_START_DAY_MISMATCH: Record<'WEEKDAY' | 'TUESDAY' | 'BI_WEEKLY_TUESDAY', string> = {
  WEEKDAY: 'An event that repeats every weekday must start on a weekday (Monday to Friday)',
  TUESDAY: 'An event that repeats every Tuesday must start on a Tuesday',
  BI_WEEKLY_TUESDAY: 'An event that repeats every other Tuesday must start on a Tuesday',
};
export const OCCURRENCE_NOT_FOUND = 'This date is not an occurrence of the event';
export const EVENT_RANGE_INVALID = 'Choose a range of at most 62 days';
export const RSVP_COVERS_SERIES = 'Your RSVP covers every date of this event';
/** Beside the author's disabled RSVP (spec section 4), instead of the series note (issue 26). */
export const EVENT_AUTHOR_NO_RSVP = 'You are the author of this event';
