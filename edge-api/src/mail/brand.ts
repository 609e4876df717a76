// The community as its emails show it (ADR 26): its name, and its logo only when an admin turned on
// images in emails (`communities.email_images`). worker-mailer sends no inline (CID) parts, so a
// logo can only be a remote image: a mail app fetches it from this server when the email is opened,
// which tells the server that it was. Hence off by default: then no image, the name alone.
//
// A logo we stored (`community/<uuid>.<ext>`, an upload) is read through its signed, short-lived
// address everywhere else; an email keeps its address for ever and a mail app sends no session, so
// its emails point at `GET /api/email/logo/<file>` (routes/email-logo.ts), which answers the
// community's logo while images in emails are on, and 404 once they are off again.
import { communities } from '@community/db/schema';
import { asc } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database } from '../db.ts';
import { FILE_KEY_PATTERN } from '../services/files.ts';
import { storageKeyOf } from '../services/uploads.ts';

export type EmailBrand = {
  /** The community's name as its admin set it (the Community card), the sender's name too. */
  communityName: string;
  /** Absolute; only when images in emails are on and the community has a logo. */
  logoUrl?: string;
};

/** Where mail apps fetch a logo we stored (followed by the file's name, `<uuid>.<ext>`). */
export const EMAIL_LOGO_PATH = '/api/email/logo/';

/** What the emails of a deployment without a community (none yet) are signed with. */
export const FALLBACK_COMMUNITY_NAME = 'Your community';

type CommunityBrandColumns = {
  communityName: string;
  communityLogo: string | null;
  emailImages: boolean;
};

/**
 * The storage key of a logo that is one of our uploads: the key itself (what the admin panel
 * stores), or our files route's address of it, relative or on our public address.
 */
export function uploadedLogoKey(logo: string, publicUrl: string): string | null {
  let key: string | null = null;
  if (FILE_KEY_PATTERN.test(logo)) key = logo;
  else if (logo.startsWith('/') && !logo.startsWith('//')) key = storageKeyOf(logo);
  else if (URL.canParse(logo) && new URL(logo).origin === new URL(publicUrl).origin) key = storageKeyOf(logo);
  return key?.startsWith('community/') ? key : null;
}

/**
 * The logo's absolute address for an email, or undefined: our upload through EMAIL_LOGO_PATH, a
 * web address elsewhere as it is, a path on our host made absolute with the public address.
 */
export function emailLogoUrl(logo: string | null, publicUrl: string): string | undefined {
  if (!logo) return undefined;
  const key = uploadedLogoKey(logo, publicUrl);
  if (key) return new URL(`${EMAIL_LOGO_PATH}${key.slice('community/'.length)}`, publicUrl).href;
  if (/^https?:\/\//i.test(logo)) return URL.canParse(logo) ? new URL(logo).href : undefined;
  if (logo.startsWith('/') && !logo.startsWith('//')) return new URL(logo, publicUrl).href;
  return undefined;
}

/** The brand of a community row already read (the invitation reads the community anyway). */
export function emailBrand(community: CommunityBrandColumns, config: Pick<Config, 'publicUrl'>): EmailBrand {
  const logoUrl = community.emailImages ? emailLogoUrl(community.communityLogo, config.publicUrl) : undefined;
  return logoUrl
    ? { communityName: community.communityName, logoUrl }
    : { communityName: community.communityName };
}

/**
 * What every email job carries of the community: spread it into the job
 * (`{ ...(await emailBrandOf(db, config)), kind: …, … }`). One statement.
 */
export async function emailBrandOf(db: Database, config: Pick<Config, 'publicUrl'>): Promise<EmailBrand> {
  const [row] = await db
    .select({
      communityName: communities.communityName,
      communityLogo: communities.communityLogo,
      emailImages: communities.emailImages,
    })
    .from(communities)
    .orderBy(asc(communities.createdAt))
    .limit(1);
  return row ? emailBrand(row, config) : { communityName: FALLBACK_COMMUNITY_NAME };
}
