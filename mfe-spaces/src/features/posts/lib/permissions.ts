// Who may do what with a post or comment (docs/api.md; the server decides, these only hide buttons
// that would be refused): edit is the author's; delete is also the space's moderators' and admin's,
// and the community's ADMIN and SUPER_ADMIN's; writing needs the `posts` feature.
import { hasFeature, type SpaceMemberRole, type User } from '@community/domain';

type Me = Pick<User, 'id' | 'role' | 'features'>;

export const isCommunityAdmin = (me: Pick<User, 'role'>): boolean =>
  me.role === 'ADMIN' || me.role === 'SUPER_ADMIN';

const moderates = (role: SpaceMemberRole | null | undefined) => role === 'ADMIN' || role === 'MODERATOR';

export const hasPostsFeature = (me: Pick<User, 'features'>): boolean => hasFeature(me, 'posts');

export const canEditPost = (authorId: string, me: Me): boolean => authorId === me.id;

/** Posts and comments alike. */
export const canDeleteWrite = (authorId: string, me: Me, spaceRole?: SpaceMemberRole | null): boolean =>
  authorId === me.id || isCommunityAdmin(me) || moderates(spaceRole);
