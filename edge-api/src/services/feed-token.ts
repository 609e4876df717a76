// Calendar apps cannot sign in, so the community feed URL carries a per-user token: an HMAC of the
// user id under the server's secret. It grants read access to published events only.
import { hmacSign, hmacVerify } from '@community/realtime-protocol';

const purpose = (userId: string) => `calendar-feed:${userId}`;

export const calendarFeedToken = (secret: string, userId: string) => hmacSign(secret, purpose(userId));

export const checkCalendarFeedToken = (secret: string, userId: string, token: string) =>
  hmacVerify(secret, purpose(userId), token);
