import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = path.join(import.meta.dirname, 'migrations');

describe('the migrations', () => {
  // drizzle-kit writes `"public"."users"` in foreign keys; that fails where the tables live in another
  // schema (the PostgreSQL test run gives each file its own, and installs may too).
  it.each(readdirSync(dir).filter((f) => f.endsWith('.sql')))('%s names no schema', (file) => {
    expect(readFileSync(path.join(dir, file), 'utf8')).not.toMatch(/"public"\./);
  });
});
