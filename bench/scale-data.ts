// Generates the real-size data set of issue #26 into a PostgreSQL database of its own and keeps it:
//   npx tsx bench/scale-data.ts                 # full size into a new database bench_scale_full_<time>
//   npx tsx bench/scale-data.ts scale=10        # 10 × the demo `npm start` seeds (scale=1: the demo's size)
//   npx tsx bench/scale-data.ts url=postgres://…/db   # into a database the app has migrated and seeded
// Without url= the database is created beside BENCH_DATABASE_URL's (default postgres://postgres@127.0.0.1:5432/test),
// migrated and seeded by the app itself (buildApp with SEED_DEMO), then filled. Drop it when done:
//   psql postgres://postgres@127.0.0.1:5432/test -c 'drop database <name>'
import { buildApp } from '@studio/server/src/app';
import { loadConfig } from '@studio/server/src/config';
import pg from 'pg';
import { checkScaleData, generateScaleData, sizeOf } from './lib/scale-data';
import { POSTGRES_URL, withDatabase } from './lib/servers';

/** Creates a database, lets the app migrate it and seed its demo, and answers its url. */
export async function migratedDemoDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(POSTGRES_URL, name);
  const app = await buildApp(
    loadConfig({}, { DATABASE_URL: url, SEED_DEMO: true, LOG_LEVEL: 'silent', SWEEP_INTERVAL_MS: 0 }),
  );
  await app.close();
  return url;
}

async function main() {
  const flags = new Map(
    process.argv.slice(2).map((a) => {
      const [k, ...v] = a.replace(/^--/, '').split('=');
      return [k!, v.join('=')] as const;
    }),
  );
  const size = sizeOf(flags.get('scale') ?? flags.get('size') ?? 'full');
  let url = flags.get('url');
  if (!url) {
    const name = `bench_scale_${size.label.replace(/\W/g, '')}_${Date.now().toString(36)}`;
    console.log(`creating ${name} (migrated and seeded by the app)…`);
    url = await migratedDemoDatabase(name);
  }
  console.log(`generating ${size.label} into ${url}`);
  const t0 = Date.now();
  const counts = await generateScaleData(url, size, console.log);
  console.log(`done in ${((Date.now() - t0) / 1000).toFixed(0)} s:`, counts);
  const problems = Object.entries(await checkScaleData(url)).filter(([, n]) => n !== 0);
  if (problems.length > 0) {
    console.error('invariants broken:', Object.fromEntries(problems));
    process.exit(1);
  }
  console.log('every invariant holds');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
