// Builds the workspaces whose output is missing or older than their sources (`npm start`,
// `npm run admin`). Progress goes to stderr: a command's own output stays clean on stdout.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The newest modification time of any file under the given paths (0 when none exist). */
function newest(...paths) {
  let latest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const stat = statSync(p);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(p)) if (entry !== 'node_modules') visit(path.join(p, entry));
    } else latest = Math.max(latest, stat.mtimeMs);
  };
  paths.forEach((p) => visit(path.join(root, p)));
  return latest;
}

function build(workspace, output, sources) {
  const built = existsSync(path.join(root, output)) ? newest(output) : 0;
  if (built > 0 && built >= newest(...sources)) return;
  console.error(`Compilando ${workspace}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], {
    cwd: root,
    stdio: ['ignore', process.stderr, 'inherit'],
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const rules = ['rules/src', 'rules/tsconfig.json', 'rules/package.json'];

/** The shared rules, then the server (it imports them at run time). */
export function buildServer() {
  build('rules', 'rules/dist/index.js', [...rules, 'tsconfig.base.json']);
  build('server', 'server/dist/main.js', [
    'server/src',
    'server/tsconfig.json',
    'package.json',
    ...rules,
  ]);
}

/** The client (it bundles the rules). */
export function buildClient() {
  build('client', 'client/dist-ssr/first-screen-render.js', [
    'client/src',
    ...rules,
    'client/index.html',
    'client/vite.config.ts',
    'package.json',
  ]);
}
