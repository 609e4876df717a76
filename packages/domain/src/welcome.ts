// The first-visit welcome (issue 30): what Home shows a newcomer until they dismiss it, and the text
// the community's owner and admins write for it in the admin panel's Community section.
import { z } from 'zod';
import type { SpaceCard } from './entities.ts';
import { longText } from './fields.ts';

/** Plain text, line breaks kept; about a short paragraph or three. */
export const WELCOME_TEXT_MAX = 600;
/** Suggested spaces the welcome lists (public ones the newcomer is not in, most active first). */
export const WELCOME_SUGGESTIONS_SHOWN = 3;

// Ours (the spec is silent on the welcome).
export const DEFAULT_WELCOME_TEXT =
  'We are glad you are here. Join a few spaces, say hello to everyone and see what is coming up.';
export const WELCOME_TEXT_REQUIRED = 'Welcome text is required';
export const WELCOME_TEXT_SAVED = 'Welcome text saved';
export const INTRODUCE_YOURSELF = 'Introduce yourself';
export const welcomeHeading = (communityName: string) => `Welcome to ${communityName}`;

export const UpdateWelcomeInput = z.strictObject({
  welcomeText: longText('Welcome text', WELCOME_TEXT_MAX, { typeMessage: WELCOME_TEXT_REQUIRED }).min(
    1,
    WELCOME_TEXT_REQUIRED,
  ),
});
export type UpdateWelcomeInput = z.infer<typeof UpdateWelcomeInput>;

/** GET /api/welcome: the caller's welcome. `show` false once dismissed (or for members who were here before). */
export type Welcome = {
  show: boolean;
  /** The community's name, for the heading. */
  communityName: string;
  welcomeText: string;
  /** Public spaces the caller is not in, most active first (empty without the `spaces` feature). */
  suggestions: SpaceCard[];
  /** Where "Introduce yourself" posts: the public space named General, else the oldest public one. */
  introductionSpaceId: string | null;
};
