// Addresses built from an event's location: embeds for the Watch Now dialog, the Facebook popup
// and the directions link. Nothing here is fetched by us; the browser opens or frames them.
import type { EventLocation } from '@community/domain';
import { FACEBOOK_POPUP } from '@community/domain';

const YOUTUBE_ID = /^[\w-]{6,20}$/;

function parseUrl(value: string | null | undefined): URL | null {
  if (!value) return null;
  try {
    return new URL(value.trim());
  } catch {
    return null;
  }
}

const hostOf = (url: URL) => url.hostname.toLowerCase().replace(/^(www\.|m\.)/, '');

/** The video id of a YouTube address: watch?v=, youtu.be/, /live/, /embed/ or /shorts/. */
export function youTubeVideoId(value: string | null | undefined): string | null {
  const url = parseUrl(value);
  if (!url) return null;
  const host = hostOf(url);
  let id: string | null = null;
  if (host === 'youtu.be') id = url.pathname.split('/')[1] ?? null;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    id = url.searchParams.get('v');
    const [, kind, value] = url.pathname.split('/');
    if (!id && kind && ['live', 'embed', 'shorts'].includes(kind)) id = value ?? null;
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

/** Autoplays unmuted (spec section 2). */
export const youTubeEmbedUrl = (videoId: string) =>
  `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?autoplay=1&mute=0`;

export const youTubeChatUrl = (videoId: string, hostname: string) =>
  `https://www.youtube.com/live_chat?v=${encodeURIComponent(videoId)}&embed_domain=${encodeURIComponent(hostname)}`;

const LINKEDIN_URN = /urn:li:(activity|ugcPost|share):(\d+)/;
const LINKEDIN_POST_ACTIVITY = /activity-(\d+)/;

/**
 * LinkedIn's embed address for a post or live video: an `/embed/` address as is, or one built from
 * the `urn:li:…` id found in a feed or post address. Event pages (`/events/{id}`) have no embed: null.
 */
export function linkedInEmbedUrl(value: string | null | undefined): string | null {
  const url = parseUrl(value);
  if (!url || hostOf(url) !== 'linkedin.com') return null;
  if (url.pathname.startsWith('/embed/')) return `https://www.linkedin.com${url.pathname}`;
  const decoded = decodeURIComponent(url.pathname);
  const urn = LINKEDIN_URN.exec(decoded);
  if (urn) return `https://www.linkedin.com/embed/feed/update/urn:li:${urn[1]}:${urn[2]}`;
  const activity = LINKEDIN_POST_ACTIVITY.exec(decoded);
  if (activity) return `https://www.linkedin.com/embed/feed/update/urn:li:activity:${activity[1]}`;
  return null;
}

/** Which streamed location an address belongs to, from its host name. */
export function streamLocationOf(
  value: string | null | undefined,
): Exclude<EventLocation, 'IN_PERSON'> | null {
  const url = parseUrl(value);
  if (!url || !/^https?:$/.test(url.protocol)) return null;
  const host = hostOf(url);
  if (host === 'youtube.com' || host === 'youtu.be' || host.endsWith('.youtube.com')) return 'YOUTUBE';
  if (host === 'linkedin.com' || host.endsWith('.linkedin.com')) return 'LINKEDIN';
  if (host === 'facebook.com' || host === 'fb.watch' || host.endsWith('.facebook.com')) return 'FACEBOOK';
  return null;
}

/** Facebook live opens in an 800x600 popup (spec sections 2 and 9). */
export function openFacebookLive(url: string): void {
  window.open(url, 'facebook-live', `width=${FACEBOOK_POPUP.width},height=${FACEBOOK_POPUP.height}`);
}

export const directionsUrl = (lat: number, lng: number) =>
  `https://www.google.com/maps/dir/?api=1&destination=${lat},${lng}`;
