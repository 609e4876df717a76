// Post walls under load: 10,000 posts with 100,000 comments and 200,000 likes, seeded straight
// into Postgres with set-based SQL. At 50 concurrent connections: `GET /api/posts` (the community
// wall) first page and a page 5,000 posts deep, a space's wall, and a post's first comments page,
// next to a bare Hono route (no database) measured in the same run; SQL statements per request.
// Then the JS a member downloads to read the wall, from the mfe-spaces build (no editor).
// Budgets (issue 9): >= 30% of the bare route's requests/s, deep page within 1.5x of the first,
// at most 3 statements per request, wall JS within 40 KB gz on top of the shell.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { ROOT } from '../scripts/lib/stack.ts';
import { type BenchStack, type LoadResult, load, saveResults, table, withBenchStack } from './lib.ts';

const POSTS = 10_000;
const COMMENTS = 100_000;
const LIKES = 200_000;
const BENCH_USERS = 300; // likers and commenters besides the demo accounts
const DEEP = 5_000;
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const READER = 'member@example.com';

const paragraph = (text: string) =>
  `{"type":"paragraph","version":1,"direction":null,"format":"","indent":0,"textFormat":0,"textStyle":"","children":[{"type":"text","text":"${text}","version":1,"format":0,"detail":0,"mode":"normal","style":""}]}`;
const lexical = (...paragraphs: string[]) =>
  `{"root":{"type":"root","version":1,"direction":null,"format":"","indent":0,"children":[${paragraphs.join(',')}]}}`;

type Seeded = { spaceIds: string[]; busiestPostId: string; busiestComments: number };

/** Everything in a few set-based statements; counts on posts match the rows exactly. */
async function seedWalls(databaseUrl: string): Promise<Seeded> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // The spaces the reader may read: public ones, and those they belong to.
    const spaces = await client.query<{ id: string }>(
      `select s.id from spaces s
       where s.type = 'PUBLIC'
          or exists (select 1 from space_members m join users u on u.id = m.user_id
                     where m.space_id = s.id and u.email = $1)
       order by s.name`,
      [READER],
    );
    const spaceIds = spaces.rows.map((row) => row.id);
    if (spaceIds.length === 0) throw new Error(`${READER} may read no space`);

    await client.query('begin');
    await client.query(
      `insert into users (first_name, last_name, pseudo, email)
       select 'Bench', 'Reader ' || n, 'bench_reader_' || n, 'bench-reader-' || n || '@example.com'
       from generate_series(1, $1) as n`,
      [BENCH_USERS],
    );
    // Authors: the demo members of each space; one post every 7 minutes going back ~48 days.
    await client.query(
      `with authors as (
         select m.space_id, m.user_id, row_number() over (partition by m.space_id order by m.user_id) - 1 as i,
                count(*) over (partition by m.space_id) as n
         from space_members m where m.space_id = any($2::uuid[])
       ), numbered as (
         select n, ($2::uuid[])[1 + n % array_length($2::uuid[], 1)] as space_id,
                now() - (n * 7 || ' minutes')::interval as at
         from generate_series(1, $1) as n
       )
       insert into posts (space_id, author_id, title, content, published_at, created_at, updated_at)
       select p.space_id, a.user_id,
              case when p.n % 3 = 0 then 'Bench post ' || p.n end,
              ($3 || '')::jsonb, p.at, p.at, p.at
       from numbered p
       join authors a on a.space_id = p.space_id and a.i = p.n % a.n`,
      [
        POSTS,
        spaceIds,
        lexical(
          paragraph('Generated for the benchmark: a post of two paragraphs, about the length members write.'),
          paragraph('Second paragraph with a little more text, so the page carries realistic content.'),
        ),
      ],
    );
    const tags = ['design', 'product', 'postgres', 'hiring', 'events', 'remote_work', 'ai', 'feedback'];
    // 0 to 3 tags per post, and an image on every fifth.
    await client.query(
      `insert into post_tags (post_id, name)
       select p.id, ($1::text[])[1 + (t + abs(hashtext(p.id::text))) % array_length($1::text[], 1)]
       from posts p, generate_series(0, 2) as t
       where t < abs(hashtext(p.id::text)) % 4
       on conflict do nothing`,
      [tags],
    );
    await client.query(
      `insert into post_attachments (post_id, name, url, type, created_at)
       select p.id, 'photo.jpg', '/api/files/posts/bench-' || p.id || '.jpg', 'img', p.created_at
       from posts p where abs(hashtext(p.id::text)) % 5 = 0`,
    );
    // Likes (by the bench users, so none collides with a demo like) and comments skewed towards some
    // posts (weight 1 to 10), so "popular" has an order.
    await client.query(
      `insert into post_likes (post_id, user_id, created_at)
       select post_id, user_id, now() from (
         select p.id as post_id, u.id as user_id
         from posts p cross join users u
         where u.email like 'bench-reader-%'
         order by random() * (1 + abs(hashtext(p.id::text)) % 10) desc
         limit $1) pairs`,
      [LIKES],
    );
    await client.query(
      `insert into comments (post_id, user_id, content, created_at)
       select post_id, user_id, ($2 || '')::jsonb, created_at from (
         select p.id as post_id,
                u.ids[1 + abs(hashtext(p.id::text || c)) % array_length(u.ids, 1)] as user_id,
                p.published_at + (c || ' minutes')::interval as created_at
         from posts p cross join generate_series(1, 40) as c
              cross join (select array_agg(id order by id) as ids from users) u
         order by random() * (1 + abs(hashtext(p.id::text)) % 10) desc
         limit $1) picked`,
      [COMMENTS, lexical(paragraph('A generated comment, a sentence or two long, as members reply.'))],
    );
    await client.query(
      `update posts p set
         likes_count = coalesce((select count(*) from post_likes l where l.post_id = p.id), 0),
         comments_count = coalesce((select count(*) from comments c where c.post_id = p.id), 0)`,
    );
    await client.query('commit');
    await client.query('analyze');
    const counts = await client.query<{
      posts: number;
      comments: number;
      likes: number;
      consistent: boolean;
    }>(
      `select (select count(*)::int from posts) as posts,
              (select count(*)::int from comments) as comments,
              (select count(*)::int from post_likes) as likes,
              not exists (select 1 from posts p where p.likes_count <> (select count(*) from post_likes l where l.post_id = p.id)
                                                  or p.comments_count <> (select count(*) from comments c where c.post_id = p.id)) as consistent`,
    );
    console.log('Seeded:', counts.rows[0]);
    if (!counts.rows[0]!.consistent) throw new Error('likes_count/comments_count do not match the rows');
    const busiest = await client.query<{ id: string; comments_count: number }>(
      `select id, comments_count from posts where space_id = any($1::uuid[])
       order by comments_count desc, id limit 1`,
      [spaceIds],
    );
    return {
      spaceIds,
      busiestPostId: busiest.rows[0]!.id,
      busiestComments: busiest.rows[0]!.comments_count,
    };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

type Page = { items: { id: string; scheduled?: boolean }[]; nextCursor: string | null };

async function getPage(url: string, headers: Record<string, string>): Promise<Page> {
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Page;
}

/** Statements per request measured one request at a time, so none is in flight at either edge. */
async function exactStatements(stack: BenchStack, url: string, headers: Record<string, string>, times = 20) {
  const before = stack.statements.total;
  for (let i = 0; i < times; i++) {
    const response = await fetch(url, { headers });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    await response.arrayBuffer();
  }
  return (stack.statements.total - before) / times;
}

/** Follows the API's own cursors until `depth` posts lie behind: the cursor of the page that starts there. */
async function cursorAtDepth(base: string, headers: Record<string, string>, depth: number) {
  let seen = 0;
  let cursor: string | null = null;
  let pageSize = 0;
  for (let guard = 0; guard < 2_000 && seen < depth; guard++) {
    const page = await getPage(cursor ? `${base}&cursor=${encodeURIComponent(cursor)}` : base, headers);
    // The reader's own scheduled posts top the first page; they are not part of the wall's depth.
    const published = page.items.filter((item) => !item.scheduled).length;
    pageSize ||= published;
    seen += published;
    cursor = page.nextCursor;
    if (!cursor) throw new Error(`the wall ended after ${seen} posts, before ${depth}`);
  }
  return { cursor: cursor!, seen, pageSize };
}

// ---------------------------------------------------------------------------------------------
// JS to read the wall: the mfe-spaces build's chunks, followed through their static imports.

const STATIC_IMPORT = /(?:^|[;}\s])import\s*(?:[\w${},*\s]+from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;
const DYNAMIC_IMPORT = /import\(\s*[`"'](\.{1,2}\/[^`"']+\.js)[`"']\s*\)/g;

function chunkGraph(dist: string) {
  const read = (file: string) => readFileSync(file, 'utf8');
  const closure = (entries: string[]) => {
    const seen = new Set<string>();
    const stack = [...entries];
    while (stack.length > 0) {
      const file = stack.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const match of read(file).matchAll(STATIC_IMPORT)) {
        stack.push(path.resolve(path.dirname(file), match[1]!));
      }
    }
    return seen;
  };
  const dynamicImports = (file: string) =>
    [...read(file).matchAll(DYNAMIC_IMPORT)].map((match) => path.resolve(path.dirname(file), match[1]!));
  const gz = (file: string) => gzipSync(readFileSync(file)).length;
  // remoteEntry.js (ADR 17) names each exposed module's chunk: "./Name":()=>… import(`./assets/x.js`)
  const remoteEntry = path.join(dist, 'remoteEntry.js');
  const exposes = new Map<string, string>();
  for (const match of read(remoteEntry).matchAll(
    /"(\.\/\w+)":(?:async)?\(\)=>.*?import\(`(\.\/[^`]+\.js)`\)/g,
  )) {
    exposes.set(match[1]!, path.resolve(dist, match[2]!));
  }
  return { remoteEntry, exposes, closure, dynamicImports, gz };
}

type WallJs = {
  exposes: string[];
  perWall: WallCost[];
  shellHas: { files: number; gzBytes: number };
  wall: { file: string; gzBytes: number }[];
  wallGzBytes: number;
  wallWithSidebarGzBytes: number;
  editorChunks: { file: string; gzBytes: number }[];
  editorInWall: boolean;
};

type WallCost = { expose: string; gzBytes: number; chunks: { file: string; gzBytes: number }[] };

const LEXICAL_MARKERS = /LexicalComposer|registerRichText|\$getRoot\b|lexical\.dev/;

function measureWallJs(): WallJs | string {
  const dist = path.join(ROOT, 'mfe-spaces/dist');
  if (!existsSync(path.join(dist, 'remoteEntry.js')))
    return 'mfe-spaces/dist is missing: run `npm run build` first';
  const graph = chunkGraph(dist);
  // The walls: Home's community wall and the space page (its Posts tab), each an exposed module.
  const wallExposes = [...graph.exposes.keys()].filter((name) => /wall|SpacePage/i.test(name));
  if (wallExposes.length === 0)
    return `no wall module among the exposes: ${[...graph.exposes.keys()].join(', ')}`;
  // On every signed-in page the shell already runs mfe-spaces' remoteEntry and its sidebar (SpaceList).
  const sidebar = graph.exposes.get('./SpaceList');
  const shellHas = graph.closure([graph.remoteEntry, ...(sidebar ? [sidebar] : [])]);
  const relative = (file: string) => path.relative(dist, file);
  const costOf = (files: Set<string>) => {
    const chunks = [...files]
      .filter((file) => !shellHas.has(file))
      .map((file) => ({ file: relative(file), gzBytes: graph.gz(file) }))
      .sort((a, b) => b.gzBytes - a.gzBytes);
    return { chunks, gzBytes: chunks.reduce((total, chunk) => total + chunk.gzBytes, 0) };
  };
  const perWall: WallCost[] = wallExposes.map((expose) => ({
    expose,
    ...costOf(graph.closure([graph.exposes.get(expose)!])),
  }));
  const wallFiles = graph.closure(wallExposes.map((name) => graph.exposes.get(name)!));
  const isLexical = (file: string) => LEXICAL_MARKERS.test(readFileSync(file, 'utf8'));
  const assets = path.join(dist, 'assets');
  const editorChunks = readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .map((name) => path.join(assets, name))
    .filter(isLexical)
    .map((file) => ({ file: relative(file), gzBytes: graph.gz(file) }));
  const sum = (files: Iterable<string>) => [...files].reduce((total, file) => total + graph.gz(file), 0);
  const union = costOf(wallFiles);
  return {
    exposes: wallExposes,
    shellHas: { files: shellHas.size, gzBytes: sum(shellHas) },
    perWall,
    wall: union.chunks,
    wallGzBytes: union.gzBytes,
    wallWithSidebarGzBytes: sum(new Set([...wallFiles, ...shellHas])),
    editorChunks,
    editorInWall: [...wallFiles].some(isLexical),
  };
}

// ---------------------------------------------------------------------------------------------

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function wallJsLines(js: WallJs | string): string[] {
  if (typeof js === 'string') return [`Wall JS: not measured (${js}).`];
  const editor = js.editorChunks.reduce((total, chunk) => total + chunk.gzBytes, 0);
  const budget = 40 * 1024;
  const walls = js.perWall
    .map((wall) => `${wall.expose} ${kb(wall.gzBytes)} (${wall.gzBytes <= budget ? 'met' : 'NOT met'})`)
    .join(', ');
  const inWall = (expose: string, file: string) =>
    js.perWall.find((wall) => wall.expose === expose)?.chunks.some((chunk) => chunk.file === file) ? 'x' : '';
  return [
    `Wall JS on top of the shell (budget 40 KB gz): ${walls}; both walls together ${kb(js.wallGzBytes)}. ` +
      'Measured on the mfe-spaces build: each exposed wall module followed through its static imports ' +
      '(dynamic imports, such as the lazy editor, are not followed), gzip level 6 per chunk as vite reports it, ' +
      `less the ${js.shellHas.files} chunks (${kb(js.shellHas.gzBytes)}) every signed-in page already loads (remoteEntry.js and the SpaceList sidebar the shell mounts). ` +
      `Counting those too, both walls: ${kb(js.wallWithSidebarGzBytes)}.`,
    `Lexical chunks (editor, loaded when a form opens): ${
      js.editorChunks.length > 0
        ? `${js.editorChunks.map((chunk) => chunk.file).join(', ')} (${kb(editor)})`
        : 'none found'
    }; Lexical in any wall chunk: ${js.editorInWall ? 'YES' : 'no'}.`,
    '',
    `| chunk | gzip | ${js.perWall.map((wall) => wall.expose).join(' | ')} |`,
    `|---|---|${js.perWall.map(() => '---|').join('')}`,
    ...js.wall.map(
      (chunk) =>
        `| ${chunk.file} | ${kb(chunk.gzBytes)} | ${js.perWall.map((wall) => inWall(wall.expose, chunk.file)).join(' | ')} |`,
    ),
  ];
}

if (process.env.BENCH_POSTS_JS_ONLY) {
  // Just the bundle measurement, no stack: `BENCH_POSTS_JS_ONLY=1 npm run bench -- posts`.
  console.log(wallJsLines(measureWallJs()).join('\n'));
  process.exit(0);
}

await withBenchStack(async (stack) => {
  console.log(`Seeding ${POSTS} posts, ${COMMENTS} comments and ${LIKES} likes…`);
  const started = Date.now();
  const seeded = await seedWalls(stack.databaseUrl);
  console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const login = await fetch(`${stack.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: READER, password: 'community-demo' }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };
  const options = { connections: CONNECTIONS, seconds: SECONDS, headers };

  const wall = `${stack.url}/api/posts?sortBy=recent`;
  const first = await getPage(wall, headers);
  const deep = await cursorAtDepth(wall, headers, DEEP);
  const deepPage = await getPage(`${wall}&cursor=${encodeURIComponent(deep.cursor)}`, headers);
  const comments = `${stack.url}/api/posts/${seeded.busiestPostId}/comments`;
  const commentsPage = await getPage(comments, headers);
  console.log(
    `Wall pages of ${first.items.length} posts; the deep page starts after ${deep.seen} (${deepPage.items.length} posts); ` +
      `comments page of ${commentsPage.items.length} (post with ${seeded.busiestComments} comments)`,
  );

  const deepUrl = `${wall}&cursor=${encodeURIComponent(deep.cursor)}`;
  const spaceUrl = `${wall}&spaceId=${seeded.spaceIds[0]}`;
  const exact = {
    first: await exactStatements(stack, wall, headers),
    deep: await exactStatements(stack, deepUrl, headers),
    space: await exactStatements(stack, spaceUrl, headers),
    comments: await exactStatements(stack, comments, headers),
  };
  console.log('Statements per request, one at a time:', exact);

  const results: LoadResult[] = [
    await load(stack, 'bare Hono route (reference)', `${stack.url}/api/health`, { ...options, headers: {} }),
    // A second reference: the session check alone (one statement), to show what any database
    // round trip costs here, whatever the query.
    await load(
      stack,
      'GET /api/auth/me (session check only, reference)',
      `${stack.url}/api/auth/me`,
      options,
    ),
    await load(stack, 'GET /api/posts first page (community wall)', wall, options),
    await load(stack, `GET /api/posts ${DEEP.toLocaleString('en')} posts deep`, deepUrl, options),
    await load(stack, 'GET /api/posts?spaceId= first page (space wall)', spaceUrl, options),
    await load(stack, 'GET /api/posts/{id}/comments first page', comments, options),
    // What one member alone sees, without queueing.
    await load(stack, 'GET /api/posts first page, 1 connection', wall, { ...options, connections: 1 }),
  ];
  const [bare, sessionLoad, firstLoad, deepLoad, spaceLoad, commentsLoad] = results as [
    LoadResult,
    ...LoadResult[],
  ];
  const share = (r: LoadResult | undefined) =>
    r ? r.requestsPerSecond / Math.max(bare.requestsPerSecond, 1) : 0;
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const pagesShare = [firstLoad, deepLoad, spaceLoad, commentsLoad].map(share);
  const deepRatio = deepLoad!.p99Ms / Math.max(firstLoad!.p99Ms, 1);
  const deepRpsRatio = firstLoad!.requestsPerSecond / Math.max(deepLoad!.requestsPerSecond, 1);
  const maxStatements = Math.max(...Object.values(exact));
  const errors = results.reduce((total, r) => total + r.errors, 0);

  const js = measureWallJs();
  const summary = [
    table(results),
    '',
    `Share of the bare route's requests/s (budget >= 30%): first page ${(pagesShare[0]! * 100).toFixed(0)}%, deep ${(pagesShare[1]! * 100).toFixed(0)}%, ` +
      `space wall ${(pagesShare[2]! * 100).toFixed(0)}%, comments ${(pagesShare[3]! * 100).toFixed(0)}%: ${verdict(pagesShare.every((s) => s >= 0.3))}. ` +
      `The session check alone reaches ${(share(sessionLoad) * 100).toFixed(0)}%; against it the pages reach ` +
      `${[firstLoad, deepLoad, spaceLoad, commentsLoad].map((r) => `${((r!.requestsPerSecond / Math.max(sessionLoad!.requestsPerSecond, 1)) * 100).toFixed(0)}%`).join(', ')}.`,
    `Deep page p99 / first page p99: ${deepRatio.toFixed(2)}x; first page requests/s / deep page requests/s: ${deepRpsRatio.toFixed(2)}x (budget 1.5x, ${verdict(deepRatio <= 1.5 && deepRpsRatio <= 1.5)}).`,
    `SQL statements per request, one request at a time (20 each): first page ${exact.first}, deep ${exact.deep}, space wall ${exact.space}, comments ${exact.comments} ` +
      `(budget 3, ${verdict(maxStatements <= 3)}); under load the table's column also counts requests still in flight at the window's edges. Errors or non-2xx answers: ${errors}.`,
    `${CONNECTIONS} connections, ${SECONDS} s per case after a 2 s warm-up; ${POSTS} posts over ${seeded.spaceIds.length} spaces the reader (${READER}) may read, ` +
      `${COMMENTS} comments, ${LIKES} likes; wall pages of ${first.items.length} posts; the deep page follows the API's own cursors past ${deep.seen} posts; ` +
      `comments of the post with the most (${seeded.busiestComments}).`,
    '',
    ...wallJsLines(js),
  ].join('\n');
  console.log(`\n${summary}`);
  await saveResults('posts', summary, {
    results,
    statementsOneAtATime: exact,
    wallJs: js,
    seeded: { ...seeded, posts: POSTS, comments: COMMENTS, likes: LIKES },
  });
});
