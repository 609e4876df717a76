// The demo community that `npm start` loads: the accounts listed in DEMO_ACCOUNTS (see the README),
// ~20 more members, three spaces with chat, events around today, posts with likes and comments, a
// direct conversation and notifications. Node only. Idempotent: if the demo community exists,
// nothing is written; otherwise everything is written in one transaction.

import { fileURLToPath } from 'node:url';
import {
  type EventAddress,
  FEATURE_KEYS,
  instantIn,
  type Role,
  wallClockIn,
  weekdayIn,
} from '@community/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';

export const DEMO_PASSWORD = 'community-demo';
export const DEMO_COMMUNITY_URL = 'demo';

export type DemoAccount = {
  email: string;
  role: Role;
  password: string;
  firstName: string;
  lastName: string;
  /** What the account is for in a demo or a test. */
  purpose: string;
};

export const DEMO_ACCOUNTS = [
  {
    email: 'owner@example.com',
    role: 'SUPER_ADMIN',
    password: DEMO_PASSWORD,
    firstName: 'Olivia',
    lastName: 'Owner',
    purpose: 'Owns the community; admin panel; may delete spaces; admin of every demo space',
  },
  {
    email: 'admin@example.com',
    role: 'ADMIN',
    password: DEMO_PASSWORD,
    firstName: 'Adrian',
    lastName: 'Alvarez',
    purpose: 'Admin panel: users, features, invitations',
  },
  {
    email: 'host@example.com',
    role: 'HOST',
    password: DEMO_PASSWORD,
    firstName: 'Hana',
    lastName: 'Holm',
    purpose: 'Hosts and authors events (one draft); in a conversation with member@example.com',
  },
  {
    email: 'member@example.com',
    role: 'USER',
    password: DEMO_PASSWORD,
    firstName: 'Marcus',
    lastName: 'Meyer',
    purpose: 'Ordinary member of the public and private spaces; has notifications',
  },
  {
    email: 'newcomer@example.com',
    role: 'USER',
    password: DEMO_PASSWORD,
    firstName: 'Nora',
    lastName: 'Newman',
    purpose: 'No city, job or company: sent to /auth/complete-profile after signing in',
  },
] as const satisfies readonly DemoAccount[];

export type SeedDemoOptions = {
  /** The same password hashing the API checks against (PBKDF2 in edge-api). */
  hashPassword(password: string): Promise<string>;
  /** Events are placed around this moment. Defaults to now. */
  now?: Date;
};

/**
 * A picture the demo is drawn with. The seed writes no files: whoever starts the API uploads each one
 * through the API's own upload as its owner and sets the address it answers where the picture goes
 * (scripts/lib/demo-images.ts), the way a member's own upload gets there.
 * - `banner`: an event's banner, a committed file in DEMO_BANNERS_FOLDER, uploaded by the event's author;
 * - `avatar` and `cover`: a member's profile picture and cover, drawn when the demo is created from
 *   `seed` (the member's email: the same face on every start), uploaded by the member.
 */
export type DemoImage =
  | { kind: 'banner'; ownerEmail: string; eventId: string; file: string }
  | { kind: 'avatar' | 'cover'; ownerEmail: string; userId: string; seed: string };

/** `images`: the pictures of what was written now (none when the demo was already there). */
export type SeedDemoResult = { created: boolean; communityId: string; images: DemoImage[] };

/** Members who have not put up a picture yet: their initials show (the newcomer has no profile yet). */
const WITHOUT_PICTURES: readonly string[] = ['newcomer@example.com'];

/** The committed banners (WebP, 1500x500, drawn by scripts/demo-banners/generate.ts). */
export const DEMO_BANNERS_FOLDER = fileURLToPath(new URL('../demo-banners/', import.meta.url));

type Tx = Parameters<Parameters<NodePgDatabase<typeof schema>['transaction']>[0]>[0];

// Arbitrary constant: the advisory lock that keeps two seeders from racing.
const SEED_LOCK_KEY = 7_346_201_119;
const DAY = 24 * 60 * 60 * 1000;

export async function seedDemo(url: string, opts: SeedDemoOptions): Promise<SeedDemoResult> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    const db = drizzle(client, { schema });
    const existing = await findDemoCommunity(db);
    if (existing) return { created: false, communityId: existing, images: [] };

    // Hash before the transaction: it is the slow part and needs no lock.
    const people = demoPeople();
    const hashes = await Promise.all(people.map((person) => opts.hashPassword(person.password)));

    return await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
      const raced = await findDemoCommunity(tx);
      if (raced) return { created: false, communityId: raced, images: [] };
      const written = await writeDemo(tx, people, hashes, opts.now ?? new Date());
      return { created: true, ...written };
    });
  } finally {
    await client.end();
  }
}

async function findDemoCommunity(db: NodePgDatabase<typeof schema> | Tx): Promise<string | undefined> {
  const [row] = await db
    .select({ id: schema.communities.id })
    .from(schema.communities)
    .where(eq(schema.communities.communityUrl, DEMO_COMMUNITY_URL));
  return row?.id;
}

// ---------------------------------------------------------------------------------------------
// Data

type Person = {
  email: string;
  role: Role;
  password: string;
  firstName: string;
  lastName: string;
  pseudo: string;
  job: string | null;
  company: string | null;
  city: string | null;
  bio: string | null;
  interests: string[];
};

const NAMED_PROFILES: Record<
  string,
  Pick<Person, 'pseudo' | 'job' | 'company' | 'city' | 'bio' | 'interests'>
> = {
  'owner@example.com': {
    pseudo: 'olivia',
    job: 'Community Lead',
    company: 'Demo Community',
    city: 'New York',
    bio: 'I started this community to bring builders together. Say hi in General!',
    interests: ['community', 'events', 'product'],
  },
  'admin@example.com': {
    pseudo: 'adrian',
    job: 'Operations Manager',
    company: 'Demo Community',
    city: 'Chicago',
    bio: 'Keeping things running smoothly behind the scenes.',
    interests: ['operations', 'automation'],
  },
  'host@example.com': {
    pseudo: 'hana',
    job: 'Developer Advocate',
    company: 'Brightline Studio',
    city: 'Berlin',
    bio: 'I host our meetups and livestreams. Ideas for a talk? Message me.',
    interests: ['public_speaking', 'web', 'open_source'],
  },
  'member@example.com': {
    pseudo: 'marcus',
    job: 'Full-Stack Developer',
    company: 'Pinecrest Software',
    city: 'Toronto',
    bio: 'TypeScript, coffee and long walks. Learning Rust on weekends.',
    interests: ['typescript', 'rust', 'coffee'],
  },
  'newcomer@example.com': { pseudo: 'nora', job: null, company: null, city: null, bio: null, interests: [] },
};

// [firstName, lastName, job, company, city, interests]
const MEMBERS: [string, string, string, string, string, string[]][] = [
  ['Amara', 'Okafor', 'Product Designer', 'Figma', 'Lagos', ['design', 'typography']],
  ['Lucas', 'Moreau', 'Backend Engineer', 'Doctolib', 'Paris', ['postgres', 'go']],
  ['Sofia', 'Rossi', 'Data Scientist', 'Spotify', 'Stockholm', ['ml', 'music']],
  ['Kenji', 'Tanaka', 'Engineering Manager', 'Mercari', 'Tokyo', ['leadership', 'mentoring']],
  ['Priya', 'Raman', 'Product Manager', 'Atlassian', 'Sydney', ['product', 'roadmaps']],
  ['Mateo', 'García', 'Frontend Developer', 'Cabify', 'Madrid', ['react', 'css']],
  ['Hannah', 'Schmidt', 'UX Researcher', 'SAP', 'Berlin', ['research', 'accessibility']],
  ['Diego', 'Fernández', 'Developer Relations', 'Mercado Libre', 'Buenos Aires', ['community', 'api']],
  ['Chloé', 'Dubois', 'Community Manager', 'Back Market', 'Lyon', ['events', 'sustainability']],
  ['Ethan', 'Walker', 'Founder', 'Northwind Labs', 'Austin', ['startups', 'fundraising']],
  ['Aisha', 'Khan', 'Security Engineer', 'Cloudflare', 'London', ['security', 'ctf']],
  ['Noah', 'Johansson', 'Mobile Developer', 'Klarna', 'Gothenburg', ['ios', 'kotlin']],
  ['Leila', 'Haddad', 'Marketing Lead', 'Careem', 'Dubai', ['growth', 'branding']],
  ['Tomás', 'Silva', 'Site Reliability Engineer', 'OutSystems', 'Lisbon', ['kubernetes', 'observability']],
  ['Grace', 'Kim', 'Content Strategist', 'Shopify', 'Toronto', ['writing', 'seo']],
  ['Jonas', 'Novak', 'Photographer', 'Freelance', 'Prague', ['photography', 'travel']],
  ['Fatima', 'Benali', 'Growth Marketer', 'Jumia', 'Casablanca', ['analytics', 'ecommerce']],
  ['Oliver', 'Bennett', 'Event Producer', 'Eventbrite', 'Manchester', ['events', 'music']],
  ['Mei', 'Chen', 'Machine Learning Engineer', 'Grab', 'Singapore', ['ml', 'python']],
  ['Rafael', 'Costa', 'Solutions Architect', 'Nubank', 'São Paulo', ['cloud', 'fintech']],
  ['Zanele', 'Dlamini', 'Software Engineer', 'Takealot', 'Cape Town', ['typescript', 'testing']],
  ['Isabella', 'Martin', 'Illustrator', 'Studio Brume', 'Montréal', ['illustration', 'design']],
];

const BIOS = [
  'Happy to help with anything around {interest}.',
  'Working on {job} things at {company}. Ask me about {interest}!',
  'Based in {city}. Always up for a coffee chat.',
  'Learning in public. Currently deep into {interest}.',
];

function demoPeople(): Person[] {
  const named = DEMO_ACCOUNTS.map((account) => {
    const profile = NAMED_PROFILES[account.email]!;
    return {
      ...profile,
      email: account.email,
      role: account.role,
      password: account.password,
      firstName: account.firstName,
      lastName: account.lastName,
    };
  });
  const members = MEMBERS.map(([firstName, lastName, job, company, city, interests], i): Person => {
    const slug = `${ascii(firstName)}.${ascii(lastName)}`;
    const bio = BIOS[i % BIOS.length]!.replace('{interest}', interests[0]!)
      .replace('{job}', job.toLowerCase())
      .replace('{company}', company)
      .replace('{city}', city);
    return {
      email: `${slug}@example.com`,
      role: 'USER',
      password: DEMO_PASSWORD,
      firstName,
      lastName,
      pseudo: slug.replace('.', '_'),
      job,
      company,
      city,
      bio,
      interests,
    };
  });
  return [...named, ...members];
}

function ascii(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** Lexical's serialized editor state: one paragraph per blank-line-separated block. */
export function lexicalText(text: string): unknown {
  return {
    root: {
      type: 'root',
      version: 1,
      direction: null,
      format: '',
      indent: 0,
      children: text.split('\n\n').map((paragraph) => ({
        type: 'paragraph',
        version: 1,
        direction: null,
        format: '',
        indent: 0,
        textFormat: 0,
        textStyle: '',
        children: [
          { type: 'text', text: paragraph, version: 1, format: 0, detail: 0, mode: 'normal', style: '' },
        ],
      })),
    },
  };
}

/** A small seeded PRNG (mulberry32), so the demo data is the same on every machine. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!;
  const sample = <T>(items: readonly T[], count: number): T[] => {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < count && pool.length > 0) out.push(pool.splice(int(0, pool.length - 1), 1)[0]!);
    return out;
  };
  const code = (length: number) => {
    const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
    return Array.from({ length }, () => alphabet[int(0, alphabet.length - 1)]).join('');
  };
  return { next, int, pick, sample, code };
}

const SPACE_CHATS: Record<string, string[]> = {
  General: [
    'Welcome everyone! Introduce yourself here 👋',
    'Hi all, glad to be here. I work on design systems.',
    'Hello from Lisbon! Anyone else going to the workshop next week?',
    'Yes! I signed up this morning.',
    'Reminder: the Town Hall is streamed on Facebook, questions welcome in advance.',
    'Does anyone have a good resource on accessible form validation?',
    'The WAI-ARIA Authoring Practices are a great start, plus the GOV.UK design system.',
    'Thanks, that is exactly what I needed.',
    'Just published a post about our migration to Postgres 18, feedback welcome.',
    'Great read! The part about keyset pagination was super clear.',
    'Is the meetup recording available somewhere?',
    'It will be on the YouTube channel by Friday.',
    'Coffee chat anyone this Thursday? I am in Berlin.',
    'Count me in ☕',
    'Have a great weekend, everyone!',
  ],
  'Product Builders': [
    'Kicking off this space for people shipping product. What are you working on?',
    'Onboarding flow redesign. Drop-off at step 3 is killing us.',
    'Have you tried splitting the profile step into two shorter ones?',
    'We did, completion went up 12%.',
    'Anyone using feature flags per user? Looking for patterns.',
    'We keep a features table per user and check it in the API, works fine at our scale.',
    'Same here, plus a cache in the session.',
    'Sharing our roadmap template in the next post.',
    'How do you all run user interviews remotely?',
    'Short calls, one topic, and always record with consent.',
    'And write the notes the same day, memory fades fast.',
    'Great tips, thank you!',
    'Demo day is in two weeks, who wants a slot?',
    'Me! 10 minutes on our new search.',
    'Added you to the list 🎉',
  ],
  'Founders Circle': [
    'Welcome to the Founders Circle. Be candid, this space stays private.',
    'Closing our pre-seed next month, happy to share the deck.',
    'Please do, we are about to start the same process.',
    'What runway are you all targeting after a seed?',
    '24 months is the number investors keep asking about.',
    'Hiring our first engineer, any advice on the interview loop?',
    'Paid take-home, short, and review it together.',
    'And be clear about equity early.',
    'Anyone tried revenue-based financing?',
    'Yes, good fit for us because revenue is predictable.',
    'AMA with a seed investor is on the events page, do not miss it.',
    'Thanks for organising!',
    'Monthly check-in: share one win and one blocker.',
    'Win: first enterprise customer. Blocker: security questionnaire 😅',
    'We have a template for that, sending it over.',
  ],
};

const POST_TEXTS = [
  'Just wrapped up our first community meetup. Thank you all for coming, the energy was amazing!',
  'Hot take: most dashboards would be better as a weekly email.',
  'We migrated our API to Postgres 18 last week. Keyset pagination everywhere, no more OFFSET.',
  'Looking for beta testers for a small accessibility checker. Comment if interested!',
  'Reading list for the weekend: three essays on writing clear documentation.',
  'How do you keep a side project alive when work gets busy? Asking for a friend.',
  'Shipped dark mode today. It took three times longer than planned, as always.',
  'Our design system now has tokens for motion. Small change, big consistency win.',
  'First time speaking at a conference next month. Any tips for calming the nerves?',
  'The best onboarding is the one users do not notice.',
  'We replaced three internal tools with one spreadsheet. Sometimes that is the answer.',
  'Wrote up our incident review from last Friday. Blameless, and full of lessons.',
  'Which note-taking app do you use for research interviews?',
  'Photo walk around the old town this Sunday. Bring any camera!',
  'Learning Rust: the borrow checker and I are slowly becoming friends.',
  'Tip: write the README before the code. It makes the API honest.',
  'We are hiring a product designer in Madrid. DM me for details.',
  'Grateful for this community. Got three great intros this week alone.',
  'Experimenting with local-first sync. Conflict resolution is the hard part.',
  'Does anyone have a favourite resource on pricing for B2B SaaS?',
  'Our team switched to async standups. Six weeks in, nobody wants to go back.',
  'Reminder that rest is part of the work. Take the weekend off.',
  'Published my slides from the Design Systems talk, link in the comments.',
  'Monthly community stats: 40 new members and 12 events. Thank you!',
  'What is one tool you could not work without?',
  'We open-sourced our form validation helpers today.',
  'Accessibility is not a feature, it is a quality bar.',
  'Trying a no-meeting Wednesday. Report in a month.',
  'Recording of the Realtime Apps Q&A is up on YouTube.',
  'Welcome to all the new members who joined this week! Say hi in General.',
];

const POST_TAGS = [
  'design',
  'engineering',
  'community',
  'events',
  'career',
  'product',
  'accessibility',
  'open_source',
];

const COMMENT_TEXTS = [
  'Love this, thanks for sharing!',
  'Totally agree.',
  'Could you share more details?',
  'This is so helpful 🙌',
  'Saving this for later.',
  'Great point, we had the same experience.',
  'Congrats!',
  'Interesting, I had not thought about it that way.',
];

type Seeded = { id: string; email: string };

const SHOWN_CONTACTS = ['host@example.com', 'member@example.com'];

/** The seed's cities as GeoNames names them, with their country: each member's picked place. */
/** The zones of the demo's event venues and hosts' cities. */
const CITY_ZONES = {
  'New York': 'America/New_York',
  Chicago: 'America/Chicago',
  Berlin: 'Europe/Berlin',
  London: 'Europe/London',
  Lisbon: 'Europe/Lisbon',
} as const;
const SATURDAY = 6;

const CITY_PLACES: Record<string, [name: string, country: string]> = {
  'New York': ['New York City', 'US'],
  Chicago: ['Chicago', 'US'],
  Berlin: ['Berlin', 'DE'],
  Toronto: ['Toronto', 'CA'],
  Lagos: ['Lagos', 'NG'],
  Paris: ['Paris', 'FR'],
  Stockholm: ['Stockholm', 'SE'],
  Tokyo: ['Tokyo', 'JP'],
  Sydney: ['Sydney', 'AU'],
  Madrid: ['Madrid', 'ES'],
  'Buenos Aires': ['Buenos Aires', 'AR'],
  Lyon: ['Lyon', 'FR'],
  Austin: ['Austin', 'US'],
  London: ['London', 'GB'],
  Gothenburg: ['Göteborg', 'SE'],
  Dubai: ['Dubai', 'AE'],
  Lisbon: ['Lisbon', 'PT'],
  Prague: ['Prague', 'CZ'],
  Casablanca: ['Casablanca', 'MA'],
  Manchester: ['Manchester', 'GB'],
  Singapore: ['Singapore', 'SG'],
  'São Paulo': ['São Paulo', 'BR'],
  'Cape Town': ['Cape Town', 'ZA'],
  Montréal: ['Montréal', 'CA'],
};

/**
 * Gives each member with a city the place the profile's city search would pick: the largest city
 * of that name in that country from the `cities` list (loaded at migration time), with its country
 * and coordinates (the shown text stays the seed's: "New York", not GeoNames' "New York City").
 * One statement; a city missing from the list leaves the member with text only.
 */
async function placeMembers(tx: Tx, people: Person[]): Promise<void> {
  const places = people.flatMap((person) => {
    const place = person.city ? CITY_PLACES[person.city] : undefined;
    return place ? [{ email: person.email, name: place[0], country: place[1] }] : [];
  });
  await tx.execute(sql`
    update users u set city_id = c.id, country = c.country, latitude = c.latitude, longitude = c.longitude
    from (
      select distinct on (v.email) v.email, ci.id, ci.name, ci.country, ci.latitude, ci.longitude
      from jsonb_to_recordset(${JSON.stringify(places)}::jsonb) as v(email text, name text, country text)
      join cities ci on ci.name = v.name and ci.country = v.country
      order by v.email, ci.population desc
    ) c
    where u.email = c.email`);
}

async function writeDemo(
  tx: Tx,
  people: Person[],
  hashes: string[],
  now: Date,
): Promise<{ communityId: string; images: DemoImage[] }> {
  const rng = random(20240601);
  const { users, userFeatures } = schema;

  // Users and features
  const insertedUsers: Seeded[] = await tx
    .insert(users)
    .values(
      people.map((person, i) => ({
        firstName: person.firstName,
        lastName: person.lastName,
        pseudo: person.pseudo,
        email: person.email,
        passwordHash: hashes[i]!,
        job: person.job,
        company: person.company,
        city: person.city,
        bio: person.bio,
        // E.164, as the profile form stores it (555-01xx numbers are set aside for fiction).
        phone: person.city ? `+1202555${String(100 + i).padStart(4, '0')}` : null,
        interests: person.interests,
        // Two members show their email on their profile (the panel's About tab), one their phone.
        showEmail: SHOWN_CONTACTS.includes(person.email),
        showPhone: person.email === 'host@example.com',
        dateOfBirth: person.city
          ? `${1975 + ((i * 7) % 25)}-${pad(1 + (i % 12))}-${pad(1 + ((i * 3) % 28))}`
          : null,
        // Offline since some time: a member is online only while their user room says so (ADR 13).
        lastOfflineAt: new Date(now.getTime() - (i + 1) * 37 * 60 * 1000),
        role: person.role,
        createdAt: new Date(now.getTime() - (120 - i * 3) * DAY),
        updatedAt: new Date(now.getTime() - (120 - i * 3) * DAY),
      })),
    )
    .returning({ id: users.id, email: users.email });
  await placeMembers(tx, people);
  const id = (email: string) => {
    const found = insertedUsers.find((u) => u.email === email);
    if (!found) throw new Error(`seed: no user ${email}`);
    return found.id;
  };
  const owner = id('owner@example.com');
  const admin = id('admin@example.com');
  const host = id('host@example.com');
  const member = id('member@example.com');
  const newcomer = id('newcomer@example.com');
  const regulars = insertedUsers.filter((u) => u.id !== newcomer).map((u) => u.id);
  const others = insertedUsers.slice(DEMO_ACCOUNTS.length).map((u) => u.id);

  await tx
    .insert(userFeatures)
    .values(
      insertedUsers.flatMap((u) => FEATURE_KEYS.map((feature) => ({ userId: u.id, feature, enabled: true }))),
    );

  // Community, URLs, invitation
  const [community] = await tx
    .insert(schema.communities)
    .values({
      name: 'Demo Community',
      communityName: 'Demo Community',
      communityLogo: null,
      communityUrl: DEMO_COMMUNITY_URL,
      ownerId: owner,
      createdAt: new Date(now.getTime() - 120 * DAY),
    })
    .returning({ id: schema.communities.id });
  const communityId = community!.id;
  await tx.insert(schema.urlEntries).values([
    {
      url: 'https://example.com/handbook',
      label: 'Community handbook',
      host: 'example.com',
      userId: owner,
      communityId,
    },
    {
      url: 'https://example.org/code-of-conduct',
      label: 'Code of conduct',
      host: 'example.org',
      userId: owner,
      communityId,
    },
  ]);

  // Spaces, members, messages
  const spaceDefs = [
    {
      name: 'General',
      description: 'Say hello, share news and ask anything. Open to every member.',
      type: 'PUBLIC' as const,
      color: '#3B82F6',
      members: regulars,
    },
    {
      name: 'Product Builders',
      description: 'A private space for people shipping product: feedback, roadmaps and demos.',
      type: 'PRIVATE' as const,
      color: '#8B5CF6',
      members: [owner, admin, host, member, ...others.slice(0, 8)],
    },
    {
      name: 'Founders Circle',
      description: 'Paid members only: fundraising, hiring and candid founder talk.',
      type: 'PAID' as const,
      color: '#F59E0B',
      members: [owner, admin, host, ...others.slice(8, 14)],
    },
  ];
  const spaceIds: Record<string, string> = {};
  for (const [index, def] of spaceDefs.entries()) {
    const texts = SPACE_CHATS[def.name]!;
    const [space] = await tx
      .insert(schema.spaces)
      .values({
        name: def.name,
        description: def.description,
        type: def.type,
        color: def.color,
        inviteCode: rng.code(10),
        adminId: owner,
        lastSeq: texts.length,
        createdAt: new Date(now.getTime() - (100 - index * 10) * DAY),
      })
      .returning({ id: schema.spaces.id });
    const spaceId = space!.id;
    spaceIds[def.name] = spaceId;
    await tx.insert(schema.spaceMembers).values(
      def.members.map((userId) => ({
        spaceId,
        userId,
        role:
          userId === owner
            ? ('ADMIN' as const)
            : userId === host
              ? ('MODERATOR' as const)
              : ('GUEST' as const),
      })),
    );
    const speakers = def.members;
    await tx.insert(schema.spaceMessages).values(
      texts.map((text, i) => {
        const at = new Date(now.getTime() - (texts.length - i) * 5 * 60 * 60 * 1000);
        return {
          spaceId,
          authorId: i === 0 ? owner : rng.pick(speakers),
          seq: i + 1,
          content: lexicalText(text),
          bodyText: text,
          clientKey: `seed-${index}-${i + 1}`,
          createdAt: at,
          updatedAt: at,
        };
      }),
    );
  }

  const at = (days: number, hourUtc: number) => {
    const date = new Date(now.getTime() + days * DAY);
    date.setUTCHours(hourUtc, 0, 0, 0);
    return date;
  };

  // Events. Each keeps the clock of its zone (the venue's in person, the host's online) and starts at
  // a sensible hour there: demo visitors see an evening meetup in the evening, a Saturday on a Saturday.
  /** `hour`:00 on the zone's calendar day `days` days from now. */
  const localAt = (days: number, hour: number, timeZone: string) => {
    const day = wallClockIn(new Date(now.getTime() + days * DAY), timeZone);
    return instantIn({ ...day, hour, minute: 0, second: 0 }, timeZone);
  };
  /** `hour`:00 on the zone's next `weekday` (0 = Sunday) from tomorrow on. */
  const nextWeekdayAt = (weekday: number, hour: number, timeZone: string) => {
    let days = 1;
    while (weekdayIn(new Date(now.getTime() + days * DAY), timeZone) !== weekday) days++;
    return localAt(days, hour, timeZone);
  };
  const hours = (date: Date, h: number) => new Date(date.getTime() + h * 60 * 60 * 1000);
  const general = spaceIds.General!;
  const builders = spaceIds['Product Builders']!;
  const founders = spaceIds['Founders Circle']!;
  type EventDef = {
    title: string;
    description: string;
    /** IANA zone of the event's clock: the venue's in person, the host's online. */
    timeZone: string;
    start: Date;
    length: number;
    location: 'YOUTUBE' | 'FACEBOOK' | 'LINKEDIN' | 'IN_PERSON';
    addressUrl: string;
    address?: EventAddress;
    spaceId: string;
    authorId: string;
    hostId: string;
    registration?: 'FREE' | 'PAID';
    published?: boolean;
    color: string;
    /** Its banner in DEMO_BANNERS_FOLDER; without one the page shows the colour with the title. */
    banner?: string;
    tags: string[];
    rsvps: string[];
  };
  const eventDefs: EventDef[] = [
    {
      title: 'Community Kickoff Meetup',
      description:
        'Our first in-person meetup: lightning talks, pizza and plenty of time to meet each other.',
      timeZone: CITY_ZONES['New York'],
      start: localAt(-12, 18, CITY_ZONES['New York']),
      length: 3,
      location: 'IN_PERSON',
      addressUrl: 'https://maps.google.com/?q=114+E+25th+St,+New+York,+NY+10010',
      address: {
        city: 'New York',
        name: 'The Assemblage NoMad',
        full_address: '114 E 25th St, New York, NY 10010, USA',
        lat: 40.7411,
        lng: -73.9849,
      },
      spaceId: general,
      authorId: owner,
      hostId: host,
      color: '#3B82F6',
      banner: 'kickoff-network.webp',
      tags: ['meetup', 'networking'],
      rsvps: [member, admin, ...others.slice(0, 6)],
    },
    {
      title: 'Design Systems in Practice',
      description: 'How three teams built and maintain their design systems, with a live Q&A.',
      timeZone: CITY_ZONES.Berlin,
      start: localAt(-5, 17, CITY_ZONES.Berlin),
      length: 1.5,
      location: 'YOUTUBE',
      addressUrl: 'https://www.youtube.com/watch?v=qJ8zT4mR2bE',
      spaceId: builders,
      authorId: host,
      hostId: host,
      color: '#8B5CF6',
      banner: 'design-modules.webp',
      tags: ['design', 'talk'],
      rsvps: [member, ...others.slice(2, 7)],
    },
    {
      title: 'Founders AMA: Raising a Seed Round',
      description: 'An open conversation with a seed investor about what they look for in a first round.',
      timeZone: CITY_ZONES.Chicago,
      start: localAt(-1, 12, CITY_ZONES.Chicago),
      length: 1,
      location: 'LINKEDIN',
      addressUrl: 'https://www.linkedin.com/events/7264019283746501234/',
      spaceId: founders,
      authorId: owner,
      hostId: admin,
      color: '#F59E0B',
      banner: 'founders-sunrise.webp',
      tags: ['startups', 'fundraising', 'ama'],
      rsvps: [host, ...others.slice(8, 12)],
    },
    {
      title: 'Live Q&A: Building Realtime Apps',
      description: 'Bring your questions about WebSockets, presence and syncing state after a reconnect.',
      timeZone: CITY_ZONES.Berlin,
      start: localAt(1, 18, CITY_ZONES.Berlin),
      length: 1,
      location: 'YOUTUBE',
      addressUrl: 'https://www.youtube.com/watch?v=Vb7kR3nW1xA',
      spaceId: general,
      authorId: host,
      hostId: host,
      color: '#10B981',
      banner: 'realtime-signals.webp',
      tags: ['engineering', 'realtime'],
      rsvps: [member, owner, ...others.slice(4, 9)],
    },
    {
      title: 'Open Source Saturday',
      description: 'A relaxed day of contributing to open source together. Beginners very welcome.',
      timeZone: CITY_ZONES.Berlin,
      start: nextWeekdayAt(SATURDAY, 11, CITY_ZONES.Berlin),
      length: 6,
      location: 'IN_PERSON',
      addressUrl: 'https://maps.google.com/?q=Rudi-Dutschke-Stra%C3%9Fe+23,+10969+Berlin',
      address: {
        city: 'Berlin',
        name: 'Betahaus',
        full_address: 'Rudi-Dutschke-Straße 23, 10969 Berlin, Germany',
        lat: 52.5024,
        lng: 13.3906,
      },
      spaceId: general,
      authorId: host,
      hostId: host,
      color: '#EF4444',
      banner: 'open-source-branches.webp',
      tags: ['open_source', 'hackathon'],
      rsvps: [...others.slice(6, 10)],
    },
    {
      title: 'Community Town Hall',
      description: 'Roadmap, community stats and your questions, streamed live on Facebook.',
      timeZone: CITY_ZONES['New York'],
      start: localAt(8, 13, CITY_ZONES['New York']),
      length: 1,
      location: 'FACEBOOK',
      addressUrl: 'https://www.facebook.com/events/1587342098765432/',
      spaceId: general,
      authorId: owner,
      hostId: owner,
      color: '#6366F1',
      tags: ['community'],
      rsvps: [member, host, admin],
    },
    {
      title: 'Hands-on Workshop: Accessible Forms',
      description: 'Build a fully accessible form from scratch: labels, errors, focus and screen readers.',
      timeZone: CITY_ZONES.London,
      start: localAt(15, 13, CITY_ZONES.London),
      length: 3,
      location: 'IN_PERSON',
      addressUrl: 'https://maps.google.com/?q=4-5+Bonhill+St,+London+EC2A+4BX',
      address: {
        city: 'London',
        name: 'Google for Startups Campus',
        full_address: '4-5 Bonhill St, London EC2A 4BX, United Kingdom',
        lat: 51.5225,
        lng: -0.0857,
      },
      registration: 'PAID',
      spaceId: general,
      authorId: host,
      hostId: host,
      color: '#14B8A6',
      banner: 'accessible-forms.webp',
      tags: ['accessibility', 'workshop', 'design'],
      rsvps: [...others.slice(10, 13)],
    },
    {
      title: 'Summer Rooftop Social',
      description: 'Draft: venue to be confirmed. Drinks and music on a rooftop with a view.',
      timeZone: CITY_ZONES.Lisbon,
      start: localAt(26, 18, CITY_ZONES.Lisbon),
      length: 4,
      location: 'IN_PERSON',
      addressUrl: 'https://maps.google.com/?q=LX+Factory,+Lisboa',
      address: {
        city: 'Lisbon',
        name: 'LX Factory',
        full_address: 'R. Rodrigues de Faria 103, 1300-501 Lisboa, Portugal',
        lat: 38.7037,
        lng: -9.1785,
      },
      spaceId: general,
      authorId: host,
      hostId: host,
      published: false,
      color: '#F97316',
      banner: 'rooftop-skyline.webp',
      tags: ['social'],
      rsvps: [],
    },
  ];
  const banners: DemoImage[] = [];
  const emailOf = (userId: string) => insertedUsers.find((u) => u.id === userId)!.email;
  for (const def of eventDefs) {
    const [event] = await tx
      .insert(schema.events)
      .values({
        title: def.title,
        description: def.description,
        authorId: def.authorId,
        hostId: def.hostId,
        spaceId: def.spaceId,
        startDate: def.start,
        endDate: hours(def.start, def.length),
        timeZone: def.timeZone,
        location: def.location,
        registration: def.registration ?? 'FREE',
        published: def.published ?? true,
        addressUrl: def.addressUrl,
        address: def.address ?? null,
        color: def.color,
        createdAt: new Date(Math.min(now.getTime(), def.start.getTime()) - 14 * DAY),
      })
      .returning({ id: schema.events.id });
    const eventId = event!.id;
    if (def.banner)
      banners.push({ kind: 'banner', eventId, ownerEmail: emailOf(def.authorId), file: def.banner });
    await tx.insert(schema.eventTags).values(def.tags.map((name) => ({ eventId, name })));
    // The author cannot RSVP to their own event.
    const rsvps = [...new Set(def.rsvps)].filter((userId) => userId !== def.authorId);
    if (rsvps.length > 0)
      await tx.insert(schema.eventMembers).values(rsvps.map((userId) => ({ eventId, userId })));
  }

  // Posts, tags, attachments, likes, comments. Every attachment is a link ('a'): a wall that renders
  // them makes no request to another site (a link card's title and favicon come from
  // /api/link-preview only when asked), and the seed cannot put files into R2.
  const attachmentsByPost: Record<number, { name: string; url: string; type: schema.AttachmentType }[]> = {
    2: [
      { name: 'Postgres 18 release notes', url: 'https://www.postgresql.org/docs/release/18.0/', type: 'a' },
    ],
    13: [
      {
        name: 'Old town walking route',
        url: 'https://www.openstreetmap.org/#map=16/59.9105/10.7400',
        type: 'a',
      },
    ],
    22: [{ name: 'Design systems reading list', url: 'https://www.designsystems.com/', type: 'a' }],
    28: [
      { name: 'Realtime Q&A notes', url: 'https://developers.cloudflare.com/durable-objects/', type: 'a' },
    ],
  };
  for (const [i, text] of POST_TEXTS.entries()) {
    const authorId = i === 0 ? owner : i % 6 === 1 ? member : i % 6 === 3 ? host : rng.pick(regulars);
    // Newest first in the wall: post 0 is the oldest, ~1 day apart.
    const createdAt = new Date(
      now.getTime() - (POST_TEXTS.length - i) * DAY + rng.int(0, 8) * 60 * 60 * 1000,
    );
    const [post] = await tx
      .insert(schema.posts)
      .values({
        spaceId: general,
        authorId,
        title: i % 4 === 0 ? text.split(/[.!?:]/)[0] : null,
        content: lexicalText(text),
        publishedAt: createdAt,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: schema.posts.id });
    const postId = post!.id;
    const tags = rng.sample(POST_TAGS, rng.int(0, 3));
    if (tags.length > 0) await tx.insert(schema.postTags).values(tags.map((name) => ({ postId, name })));
    const attachments = attachmentsByPost[i];
    if (attachments) {
      await tx.insert(schema.postAttachments).values(attachments.map((a) => ({ ...a, postId, createdAt })));
    }
    const likers = rng.sample(regulars, rng.int(0, 12));
    if (likers.length > 0) {
      await tx.insert(schema.postLikes).values(likers.map((userId) => ({ postId, userId, createdAt })));
    }
    const commentCount = rng.int(0, 4);
    if (commentCount > 0) {
      await tx.insert(schema.comments).values(
        Array.from({ length: commentCount }, (_, c) => ({
          postId,
          userId: rng.pick(regulars),
          content: lexicalText(rng.pick(COMMENT_TEXTS)),
          createdAt: new Date(createdAt.getTime() + (c + 1) * 45 * 60 * 1000),
        })),
      );
    }
  }
  // One post by the member, scheduled for tomorrow.
  const scheduledAt = at(1, 14);
  await tx.insert(schema.posts).values({
    spaceId: general,
    authorId: member,
    publishedAt: scheduledAt,
    title: 'Coming up tomorrow',
    content: lexicalText(
      'Scheduled post: my notes from the Realtime Apps Q&A will be here after the stream.',
    ),
    scheduledAt,
    createdAt: now,
    updatedAt: now,
  });

  // Direct conversation between member and host
  const dm = [
    [member, 'Hi Hana! Is there still room to give a lightning talk at the next meetup?'],
    [host, 'Hi Marcus, yes! What would you like to talk about?'],
    [member, 'How we moved our feed to keyset pagination. Ten minutes max.'],
    [host, 'Perfect, I have added you to the agenda. 🎉'],
  ] as const;
  const [conversation] = await tx
    .insert(schema.conversations)
    .values({
      directKey: schema.directConversationKey(member, host),
      lastSeq: dm.length,
      lastMessageAt: new Date(now.getTime() - 2 * DAY + (dm.length - 1) * 20 * 60 * 1000),
      createdAt: new Date(now.getTime() - 2 * DAY),
    })
    .returning({ id: schema.conversations.id });
  const conversationId = conversation!.id;
  // The host has read everything; the member has not seen the host's last answer yet.
  await tx.insert(schema.conversationParticipants).values([
    { conversationId, userId: member, lastReadSeq: dm.length - 1 },
    { conversationId, userId: host, lastReadSeq: dm.length },
  ]);
  await tx.insert(schema.directMessages).values(
    dm.map(([authorId, body], i) => ({
      conversationId,
      authorId,
      seq: i + 1,
      body,
      clientKey: `seed-dm-${i + 1}`,
      createdAt: new Date(now.getTime() - 2 * DAY + i * 20 * 60 * 1000),
    })),
  );

  // Notifications, each about something that really happened in the data above.
  const firstPostOf = async (authorId: string) => {
    const [row] = await tx
      .select({ id: schema.posts.id })
      .from(schema.posts)
      .where(and(eq(schema.posts.authorId, authorId), sql`${schema.posts.scheduledAt} is null`))
      .orderBy(asc(schema.posts.createdAt))
      .limit(1);
    return row!.id;
  };
  const memberPostId = await firstPostOf(member);
  const hostPostId = await firstPostOf(host);
  await tx.insert(schema.comments).values({
    postId: memberPostId,
    userId: host,
    content: lexicalText('Great post, Marcus! Would you share this at the next meetup?'),
    createdAt: new Date(now.getTime() - 60 * 60 * 1000),
  });
  await tx
    .insert(schema.postLikes)
    .values({ postId: hostPostId, userId: member, createdAt: new Date(now.getTime() - 2 * 60 * 60 * 1000) })
    .onConflictDoNothing();
  // Walls sort by these counts; the API keeps them with each like and comment, the seed sets them once.
  await tx.execute(sql`update posts set
    likes_count = (select count(*) from post_likes where post_id = posts.id),
    comments_count = (select count(*) from comments where post_id = posts.id)`);
  await tx.insert(schema.notifications).values([
    {
      userId: member,
      type: 'SPACE_MESSAGE',
      title: 'New message in General',
      payload: { spaceId: general },
      createdAt: new Date(now.getTime() - 3 * 60 * 60 * 1000),
    },
    {
      userId: member,
      type: 'POST_COMMENT',
      title: 'Hana Holm commented on your post',
      payload: { postId: memberPostId },
      createdAt: new Date(now.getTime() - 60 * 60 * 1000),
    },
    {
      userId: host,
      type: 'POST_REACTION',
      title: 'Marcus Meyer liked your post',
      payload: { postId: hostPostId },
      readAt: new Date(now.getTime() - 30 * 60 * 1000),
      createdAt: new Date(now.getTime() - 2 * 60 * 60 * 1000),
    },
  ]);

  // Every member but the few in WITHOUT_PICTURES has a picture and a cover.
  const faces = insertedUsers
    .filter((user) => !WITHOUT_PICTURES.includes(user.email))
    .flatMap((user) =>
      (['avatar', 'cover'] as const).map(
        (kind): DemoImage => ({ kind, ownerEmail: user.email, userId: user.id, seed: user.email }),
      ),
    );
  return { communityId, images: [...banners, ...faces] };
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}
