/**
 * How to store submission embeddings (issue 10): float4[] against bytea (little-endian Float32 bytes), 10,000
 * rows of 384 dimensions, written in chunks of 500 and read back whole, as the topic-modeling stage does.
 * pgvector is not measured: it is not in this machine's PostgreSQL, and the pipeline never searches by
 * similarity in SQL (the topic model runs in the analysis worker), so its index would buy nothing.
 * Run: npm run bench:embedding-storage
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { runWhenInvoked } from './support/run-main.js';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROWS = 10_000;
const DIMENSIONS = 384;
const CHUNK = 500;

function vector(seed: number): number[] {
  const values: number[] = [];
  let state = seed * 2654435761;
  for (let i = 0; i < DIMENSIONS; i += 1) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    values.push(Math.fround(state / 2 ** 31 - 0.5));
  }
  return values;
}

const toBytes = (values: number[]) => Buffer.from(new Float32Array(values).buffer);
const fromBytes = (bytes: Buffer) => Array.from(new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4));

async function measure(client: pg.Client, kind: 'float4[]' | 'bytea') {
  await client.query(
    `CREATE TABLE emb_${kind === 'bytea' ? 'bytes' : 'array'} (id uuid PRIMARY KEY, v ${kind} NOT NULL)`,
  );
  const table = `emb_${kind === 'bytea' ? 'bytes' : 'array'}`;
  const vectors = Array.from({ length: ROWS }, (_, index) => vector(index + 1));
  const ids = vectors.map(() => crypto.randomUUID());
  const started = performance.now();
  for (let offset = 0; offset < ROWS; offset += CHUNK) {
    const slice = vectors.slice(offset, offset + CHUNK);
    const params: unknown[] = [];
    const tuples = slice.map((values, index) => {
      params.push(ids[offset + index], kind === 'bytea' ? toBytes(values) : values);
      return `($${params.length - 1}, $${params.length})`;
    });
    await client.query(`INSERT INTO ${table} (id, v) VALUES ${tuples.join(',')}`, params);
  }
  const writeSeconds = (performance.now() - started) / 1000;
  const readStarted = performance.now();
  const { rows } = await client.query<{ id: string; v: number[] | Buffer }>(`SELECT id, v FROM ${table}`);
  const decoded = rows.map((row) => (Buffer.isBuffer(row.v) ? fromBytes(row.v) : row.v));
  const readSeconds = (performance.now() - readStarted) / 1000;
  if (decoded.length !== ROWS || decoded[0]?.length !== DIMENSIONS) throw new Error('read back the wrong shape');
  const size = await client.query<{ bytes: string }>(`SELECT pg_total_relation_size('${table}') AS bytes`);
  return { kind, writeSeconds, readSeconds, megabytes: Number(size.rows[0]?.bytes) / 1024 / 1024 };
}

async function main(): Promise<void> {
  const name = `fas_bench_emb_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const results = [await measure(client, 'float4[]'), await measure(client, 'bytea')];
    const [array, bytes] = results as [Awaited<ReturnType<typeof measure>>, Awaited<ReturnType<typeof measure>>];
    console.log(`embedding storage, ${ROWS} rows × ${DIMENSIONS} dimensions (chunks of ${CHUNK}):`);
    for (const result of results)
      console.log(
        `  ${result.kind.padEnd(8)} write ${result.writeSeconds.toFixed(2)} s   read+decode ${result.readSeconds.toFixed(2)} s   ${result.megabytes.toFixed(1)} MB`,
      );
    console.log(
      `  bytea / float4[]: write ×${(bytes.writeSeconds / array.writeSeconds).toFixed(2)}, read ×${(bytes.readSeconds / array.readSeconds).toFixed(2)}, size ×${(bytes.megabytes / array.megabytes).toFixed(2)}`,
    );
  } finally {
    await client.end();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

runWhenInvoked(import.meta.url, main);
