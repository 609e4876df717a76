/** The address a space's invite code is shared as: `/spaces/invite/{inviteCode}` on this site. */
export const inviteLinkOf = (inviteCode: string, origin = location.origin): string =>
  `${origin}/spaces/invite/${inviteCode}`;
