import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT } from '../config';
import { migrateDatabase, openDatabase, PGLITE_EXTENSIONS } from '../platform/db';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

/** One template per run (its pid in the name), so two runs on one PostgreSQL never drop each other's. */
export const POSTGRES_TEMPLATE = `studio_test_template_${process.pid}`;

/**
 * Migrates one template database per run; each test file then clones it (PGlite: a data-dir dump,
 * PostgreSQL: CREATE DATABASE ... TEMPLATE) instead of migrating afresh.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${POSTGRES_TEMPLATE} with (force)`);
    await admin.query(`create database ${POSTGRES_TEMPLATE}`);
    await admin.end();
    const templateUrl = withDatabase(url, POSTGRES_TEMPLATE);
    const database = await openDatabase({ url: templateUrl, poolSize: 1 });
    await migrateDatabase(database, templateUrl);
    await database.close();
    project.provide('postgresTemplate', POSTGRES_TEMPLATE);
    project.provide('pgliteTemplate', '');
    return async () => {
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${POSTGRES_TEMPLATE} with (force)`);
      await cleanup.end();
    };
  }
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const database = await openDatabase({ pglite: client });
  await migrateDatabase(database);
  const dump = await client.dumpDataDir('none');
  await client.close();
  const dir = path.join(REPO_ROOT, '.tmp');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `pglite-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
