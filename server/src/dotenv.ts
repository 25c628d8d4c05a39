import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';

/** The repository root's `.env` (server/dist/dotenv.js → ../..), beside docker-compose.yml. */
export const DOTENV_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '.env',
);

/**
 * Reads `file` (KEY=value lines, `.env.example` lists every variable) into `env` when it exists.
 * A variable already set in the environment wins: `.env` only fills in what is missing, as
 * Docker Compose does with the same file. Answers the names it set.
 */
export function loadDotEnv(file = DOTENV_FILE, env: NodeJS.ProcessEnv = process.env): string[] {
  if (!existsSync(file)) return [];
  const set: string[] = [];
  for (const [name, value] of Object.entries(parseEnv(readFileSync(file, 'utf8')))) {
    // An empty value is "not set" (.env.example lists every variable empty).
    if (value !== undefined && value !== '' && env[name] === undefined) {
      env[name] = value;
      set.push(name);
    }
  }
  return set;
}

/**
 * Removes the variables whose value is empty: an empty value means "not set" (the default
 * applies), whether it comes from `.env` or from Docker Compose passing an empty `.env` entry
 * through (`SEED_DEMO:` in docker-compose.yml with `SEED_DEMO=` in `.env`). Answers their names.
 */
export function dropEmpty(env: NodeJS.ProcessEnv = process.env): string[] {
  const empty = Object.keys(env).filter((name) => env[name] === '');
  for (const name of empty) delete env[name];
  return empty;
}
