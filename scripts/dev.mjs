// `npm run dev`: the shared rules and the server in watch mode (tsc --watch + node --watch) and
// Vite with hot reload.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (name, command, args) => {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
  child.on('exit', (code) => {
    console.log(`${name} terminó (${code ?? 'señal'})`);
    shutdown();
  });
  return child;
};

// One full build first (the shared rules, then the server), so the watching server has
// something to run.
for (const project of ['rules/tsconfig.json', 'server/tsconfig.json']) {
  const first = spawnSync('npx', ['tsc', '-p', project], { cwd: root, stdio: 'inherit' });
  if (first.status !== 0) process.exit(first.status ?? 1);
}

const children = [
  // @tienda/rules recompiled on every change: the server restarts on its new dist, Vite reloads.
  run('rules', 'npx', ['tsc', '-p', 'rules/tsconfig.json', '--watch', '--preserveWatchOutput']),
  run('tsc', 'npx', ['tsc', '-p', 'server/tsconfig.json', '--watch', '--preserveWatchOutput']),
  run('server', process.execPath, [
    '--watch-path=server/dist',
    '--watch-path=rules/dist',
    'server/dist/main.js',
  ]),
  run('vite', 'npm', ['run', 'dev', '-w', 'client']),
];

let stopping = false;
function shutdown() {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(0), 5000).unref();
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
