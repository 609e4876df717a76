// `npm run deploy`'s decisions (scripts/lib/deploy.ts), without wrangler commands or an account:
// its arguments, the environments of the committed wrangler.jsonc files, the secrets' report, the
// size limits and the first deploy's order and config.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { experimental_readRawConfig, unstable_readConfig } from 'wrangler';
import {
  CONFIG_FILES,
  checkAssets,
  checkBundleSize,
  checkEnvironment,
  deploySteps,
  describeDatabase,
  isExampleAddress,
  LIMITS,
  migrationUrl,
  missingSecretsReport,
  parseDeployArgs,
  parseSecretList,
  UsageError,
  WORKERS,
  type Worker,
  type WorkerConfig,
  withoutServiceBindings,
} from './deploy.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (worker: Worker, env?: string) =>
  unstable_readConfig({ config: path.join(ROOT, CONFIG_FILES[worker]), ...(env ? { env } : {}) });
const both = <T>(make: (worker: Worker) => T) =>
  Object.fromEntries(WORKERS.map((worker) => [worker, make(worker)])) as Record<Worker, T>;
const ENVIRONMENTS = { 'edge-api': ['production', 'staging'], realtime: ['production', 'staging'] };

describe('npm run deploy: arguments', () => {
  it('takes an environment of both Workers, --dry-run and --plan', () => {
    expect(parseDeployArgs(['production'], ENVIRONMENTS)).toEqual({
      env: 'production',
      dryRun: false,
      plan: 'free',
    });
    expect(parseDeployArgs(['--dry-run', 'staging', '--plan', 'paid'], ENVIRONMENTS)).toEqual({
      env: 'staging',
      dryRun: true,
      plan: 'paid',
    });
  });

  it('refuses what it does not know, saying what it takes', () => {
    const refusal = (argv: string[], environments = ENVIRONMENTS) => {
      try {
        parseDeployArgs(argv, environments);
      } catch (error) {
        expect(error).toBeInstanceOf(UsageError);
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    expect(refusal([])).toMatch(/^Name one environment \(production, staging\)[\s\S]*Usage: npm run deploy/);
    expect(refusal(['production', 'staging'])).toMatch(/^Name one environment/);
    expect(refusal(['qa'])).toMatch(/No environment "qa": the environments are production, staging/);
    expect(refusal(['qa'], { 'edge-api': ['production', 'qa'], realtime: ['production'] })).toMatch(
      /env\.qa is in edge-api\/wrangler\.jsonc only/,
    );
    expect(refusal(['production', '--plan', 'gold'])).toBe('--plan is free or paid, not "gold".');
    expect(refusal(['production', '--force'])).toMatch(/Unknown option '--force'/);
  });
});

describe('npm run deploy: the committed environments', () => {
  it.each(['production', 'staging'])('env.%s of both Workers has everything the code needs', (env) => {
    const deployed = both((worker) => read(worker, env));
    expect(
      checkEnvironment(
        env,
        deployed,
        both((worker) => read(worker)),
      ),
    ).toEqual([]);
    // Each is bound to the other Worker of its own environment, not to production's.
    expect(deployed['edge-api'].services).toEqual([{ binding: 'REALTIME', service: deployed.realtime.name }]);
    expect(deployed.realtime.services).toEqual([{ binding: 'API', service: deployed['edge-api'].name }]);
    expect(deployed['edge-api'].vars).toMatchObject({ CLIENT_IP_HEADER: 'CF-Connecting-IP' });
  });

  it('keeps production on the Workers’ existing names (their Durable Objects live there); staging apart', () => {
    expect(both((worker) => read(worker, 'production').name)).toEqual({
      'edge-api': 'community-edge-api',
      realtime: 'community-realtime',
    });
    const staging = read('edge-api', 'staging');
    expect(staging.name).toBe('community-edge-api-staging');
    expect(staging.r2_buckets[0]?.bucket_name).toBe('community-uploads-staging');
    expect(staging.queues.producers?.[0]?.queue).toBe('community-mail-staging');
  });

  it('leaves the local database settings to the local stack', () => {
    expect(Object.keys(read('edge-api').vars)).toEqual(['ALLOWED_ORIGINS']);
  });
});

describe('npm run deploy: checking an environment', () => {
  const edge: WorkerConfig = {
    name: 'e',
    assets: { binding: 'ASSETS' },
    services: [{ binding: 'REALTIME', service: 'r' }],
    r2_buckets: [{ binding: 'UPLOADS' }],
    queues: { producers: [{ binding: 'MAIL_QUEUE', queue: 'mail' }], consumers: [{ queue: 'mail' }] },
    vars: { PUBLIC_URL: 'https://club.example.org', CLIENT_IP_HEADER: 'CF-Connecting-IP' },
    secrets: { required: ['AUTH_SECRET', 'REALTIME_SECRET', 'DATABASE_URL'] },
    triggers: { crons: ['* * * * *'] },
  };
  const rooms = ['UserRoom', 'SpaceRoom', 'PostsRoom', 'ConversationRoom', 'PresenceRoom', 'FanoutShard'];
  const realtime: WorkerConfig = {
    name: 'r',
    durable_objects: { bindings: rooms.map((name) => ({ name })) },
    services: [{ binding: 'API', service: 'e' }],
    secrets: { required: ['REALTIME_SECRET'] },
  };
  const local = { 'edge-api': edge, realtime };

  it('passes a complete one', () => {
    expect(checkEnvironment('prod', { 'edge-api': edge, realtime }, local)).toEqual([]);
  });

  it('names each binding, secret and setting an environment forgot, and the local values it kept', () => {
    const forgetful: WorkerConfig = {
      ...edge,
      r2_buckets: [],
      queues: { producers: [{ binding: 'MAIL_QUEUE', queue: 'mail' }], consumers: [] },
      vars: { PUBLIC_URL: 'http://club.example.org', DB_WS_PROXY: '127.0.0.1:54330' },
      secrets: { required: ['AUTH_SECRET'] },
      triggers: {},
    };
    const withKv = { ...edge, kv_namespaces: [{ binding: 'CACHE' }] };
    expect(
      checkEnvironment('prod', { 'edge-api': forgetful, realtime }, { ...local, 'edge-api': withKv }),
    ).toEqual([
      'edge-api/wrangler.jsonc env.prod: no binding UPLOADS (environments inherit no bindings)',
      'edge-api/wrangler.jsonc env.prod: no binding CACHE (environments inherit no bindings)',
      'edge-api/wrangler.jsonc env.prod: secrets.required lacks REALTIME_SECRET',
      'edge-api/wrangler.jsonc env.prod: secrets.required lacks DATABASE_URL',
      'edge-api/wrangler.jsonc env.prod: vars.CLIENT_IP_HEADER is not set',
      'edge-api/wrangler.jsonc env.prod: vars.DB_WS_PROXY is a local setting (a secret, or unset, deployed)',
      'edge-api/wrangler.jsonc env.prod: vars.DB_WS_PROXY names this machine (127.0.0.1:54330)',
      'edge-api/wrangler.jsonc env.prod: no Cron Triggers',
      'edge-api/wrangler.jsonc env.prod: nothing consumes the queue mail',
      'edge-api/wrangler.jsonc env.prod: PUBLIC_URL must be https://<host> (is http://club.example.org)',
    ]);
  });

  it('refuses Workers bound across environments', () => {
    const toProduction = { ...realtime, name: 'r-staging', services: [{ binding: 'API', service: 'e' }] };
    const stagingEdge = {
      ...edge,
      name: 'e-staging',
      services: [{ binding: 'REALTIME', service: 'r-staging' }],
    };
    expect(checkEnvironment('staging', { 'edge-api': stagingEdge, realtime: toProduction }, local)).toEqual([
      'realtime/wrangler.jsonc env.staging: API binds "e", not this environment\'s edge-api "e-staging"',
    ]);
    const noRooms = { ...realtime, durable_objects: { bindings: [] } };
    expect(checkEnvironment('prod', { 'edge-api': edge, realtime: noRooms }, local)).toHaveLength(
      rooms.length,
    );
  });

  it('knows the example addresses from real ones', () => {
    expect(isExampleAddress('https://community.example.org')).toBe(true);
    expect(isExampleAddress('https://staging.club.example')).toBe(true);
    expect(isExampleAddress('https://club.examples.org')).toBe(false);
  });
});

describe('npm run deploy: secrets', () => {
  const names = { 'edge-api': 'community-edge-api-staging', realtime: 'community-realtime-staging' };

  it('reads wrangler secret list', () => {
    const output =
      '[\n  { "name": "AUTH_SECRET", "type": "secret_text" },\n  { "name": "SMTP_URL", "type": "secret_text" }\n]\n';
    expect(parseSecretList(output)).toEqual(['AUTH_SECRET', 'SMTP_URL']);
  });

  it('says nothing when every Worker has its own', () => {
    const listed = {
      'edge-api': ['AUTH_SECRET', 'DATABASE_URL', 'REALTIME_SECRET', 'SMTP_URL'],
      realtime: ['REALTIME_SECRET'],
    };
    expect(missingSecretsReport('staging', names, listed)).toBeNull();
  });

  it('names the missing ones, with the command that puts each', () => {
    const report = missingSecretsReport('staging', names, { 'edge-api': ['AUTH_SECRET'], realtime: null });
    expect(report).toContain('Secrets missing in env.staging:');
    expect(report).toContain('  community-realtime-staging (no such Worker yet): REALTIME_SECRET');
    expect(report).toContain('  community-edge-api-staging: REALTIME_SECRET, DATABASE_URL');
    expect(report).toContain(
      '  npx wrangler secret put REALTIME_SECRET --env staging -c realtime/wrangler.jsonc',
    );
    expect(report).toContain(
      '  npx wrangler secret put DATABASE_URL --env staging -c edge-api/wrangler.jsonc',
    );
    expect(report).not.toContain('put AUTH_SECRET');
    expect(report).toContain('never the development');
  });
});

describe('npm run deploy: bundle sizes', () => {
  const MiB = 1024 * 1024;

  it('prints each bundle next to the limit of the plan', () => {
    expect(checkBundleSize('edge-api', { bytes: 4.05 * MiB, gzipBytes: 0.87 * MiB }, 'free')).toEqual({
      ok: true,
      line: 'edge-api: 0.87 MiB compressed of 3.00 MiB (Workers Free; Paid 10.00 MiB), 29%; 4.05 MiB of 64.00 MiB uncompressed',
    });
  });

  it('fails above the compressed limit of the plan, or 64 MiB uncompressed', () => {
    const big = { bytes: 20 * MiB, gzipBytes: 3 * MiB + 1 };
    expect(checkBundleSize('edge-api', big, 'free').ok).toBe(false);
    expect(checkBundleSize('edge-api', big, 'paid').ok).toBe(true);
    expect(checkBundleSize('edge-api', { bytes: 65 * MiB, gzipBytes: MiB }, 'paid').ok).toBe(false);
  });

  it('checks the assets: files a version, and the largest file', () => {
    expect(checkAssets(126, { path: 'map/basemap.geojson', bytes: 1.12 * MiB }, 'free')).toEqual({
      ok: true,
      line: 'edge-api assets: 126 files of 20,000 (Workers Free); largest map/basemap.geojson 1.12 MiB of 25.00 MiB',
    });
    expect(checkAssets(20_001, null, 'free').ok).toBe(false);
    expect(checkAssets(20_001, null, 'paid').ok).toBe(true);
    expect(checkAssets(1, { path: 'video.mp4', bytes: LIMITS.assetFileSize + 1 }, 'paid').ok).toBe(false);
  });
});

describe('npm run deploy: the first deploy', () => {
  it('deploys realtime, then edge-api; realtime without its binding first while edge-api does not exist', () => {
    expect(deploySteps(true)).toEqual([{ worker: 'realtime' }, { worker: 'edge-api' }]);
    expect(deploySteps(false)).toEqual([
      { worker: 'realtime', withoutServices: true },
      { worker: 'edge-api' },
      { worker: 'realtime' },
    ]);
  });

  it('writes realtime’s config for that first step without its service binding, and nothing else changed', async () => {
    const { rawConfig } = experimental_readRawConfig({ config: path.join(ROOT, CONFIG_FILES.realtime) });
    const first = withoutServiceBindings(rawConfig, 'staging');
    expect(first.env?.staging?.services).toEqual([]);
    expect(first.services).toEqual([]);
    expect(first.env?.production).toEqual(rawConfig.env?.production);
    expect({ ...first.env?.staging, services: undefined }).toEqual({
      ...rawConfig.env?.staging,
      services: undefined,
    });
    expect(rawConfig.env?.staging?.services).toHaveLength(1); // the original is untouched
    // What wrangler makes of it: every room, no binding to edge-api.
    const folder = await mkdtemp(path.join(os.tmpdir(), 'first-deploy-'));
    try {
      await writeFile(path.join(folder, 'wrangler.first-deploy.json'), JSON.stringify(first));
      const resolved = unstable_readConfig({
        config: path.join(folder, 'wrangler.first-deploy.json'),
        env: 'staging',
      });
      expect(resolved.name).toBe('community-realtime-staging');
      expect(resolved.services).toEqual([]);
      expect(resolved.durable_objects.bindings).toHaveLength(6);
      expect(resolved.migrations).toHaveLength(4);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe('npm run deploy: the database', () => {
  it('migrates Neon over its direct address, where the advisory lock holds', () => {
    expect(
      migrationUrl(
        'postgres://app:pw@ep-cool-river-123-pooler.eu-central-1.aws.neon.tech/community?sslmode=require',
      ),
    ).toBe('postgres://app:pw@ep-cool-river-123.eu-central-1.aws.neon.tech/community?sslmode=require');
    expect(migrationUrl('postgres://app:pw@db.internal:5432/community')).toBe(
      'postgres://app:pw@db.internal:5432/community',
    );
  });

  it('prints an address without its password', () => {
    expect(describeDatabase('postgres://app:secret@ep-x.neon.tech/community')).toBe(
      'ep-x.neon.tech/community',
    );
  });
});
