// The space form (spec section 5) and the space member calls (section 7).
import { z } from 'zod';
import { ifNoIssueYet, longText, requiredText, text, uuid } from './fields.ts';
import {
  COLOR_MAX,
  DEFAULT_SPACE_COLOR,
  DEFAULT_SPACE_TYPE,
  NAME_MAX,
  SPACE_COLOR_MIN_LENGTH,
  SPACE_DESCRIPTION_MAX,
  SPACE_DESCRIPTION_MIN,
  SPACE_FORM_TYPES,
} from './limits.ts';
import {
  SPACE_COLOR_REQUIRED,
  SPACE_DESCRIPTION_TOO_LONG,
  SPACE_DESCRIPTION_TOO_SHORT,
  SPACE_NAME_REQUIRED,
  SPACE_TYPE_REQUIRED,
} from './messages.ts';

// Without defaults, so the update schema can make every field optional without filling any in.
const spaceFields = {
  name: requiredText(SPACE_NAME_REQUIRED, 'Space name', NAME_MAX),
  description: longText('Description', SPACE_DESCRIPTION_MAX, {
    typeMessage: SPACE_DESCRIPTION_TOO_SHORT,
    tooLongMessage: SPACE_DESCRIPTION_TOO_LONG,
  }).refine((value) => value.length >= SPACE_DESCRIPTION_MIN, {
    error: SPACE_DESCRIPTION_TOO_SHORT,
    when: ifNoIssueYet,
  }),
  type: z.enum(SPACE_FORM_TYPES, { error: SPACE_TYPE_REQUIRED }),
  color: text('Color', COLOR_MAX, { typeMessage: SPACE_COLOR_REQUIRED }).refine(
    (value) => value.length >= SPACE_COLOR_MIN_LENGTH,
    { error: SPACE_COLOR_REQUIRED, when: ifNoIssueYet },
  ),
};

export const CreateSpaceInput = z.strictObject({
  ...spaceFields,
  type: spaceFields.type.default(DEFAULT_SPACE_TYPE),
  color: spaceFields.color.default(DEFAULT_SPACE_COLOR),
});
export type CreateSpaceInput = z.infer<typeof CreateSpaceInput>;

export const UpdateSpaceInput = z.strictObject(spaceFields).partial();
export type UpdateSpaceInput = z.infer<typeof UpdateSpaceInput>;

/** What the space form starts with (spec: empty name and description, PRIVATE, #3B82F6). */
export const SPACE_FORM_DEFAULTS: z.input<typeof CreateSpaceInput> = {
  name: '',
  description: '',
  type: DEFAULT_SPACE_TYPE,
  color: DEFAULT_SPACE_COLOR,
};

/** The space admin may move a member only between these roles. */
export const ASSIGNABLE_SPACE_MEMBER_ROLES = ['GUEST', 'MODERATOR'] as const;
export const UpdateSpaceMemberInput = z.strictObject({ role: z.enum(ASSIGNABLE_SPACE_MEMBER_ROLES) });
export type UpdateSpaceMemberInput = z.infer<typeof UpdateSpaceMemberInput>;

export const AddSpaceUserInput = z.strictObject({ userId: uuid('User') });
export type AddSpaceUserInput = z.infer<typeof AddSpaceUserInput>;
