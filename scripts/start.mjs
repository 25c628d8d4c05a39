// `npm start`: builds what is missing or out of date, then runs the shop.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

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
  console.log(`Compilando ${workspace}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The shared rules first: the server imports them at run time, the client bundles them.
const rules = ['rules/src', 'rules/tsconfig.json', 'rules/package.json'];
build('rules', 'rules/dist/index.js', [...rules, 'tsconfig.base.json']);
build('server', 'server/dist/main.js', [
  'server/src',
  'server/tsconfig.json',
  'package.json',
  ...rules,
]);
build('client', 'client/dist-ssr/first-screen-render.js', [
  'client/src',
  ...rules,
  'client/index.html',
  'client/vite.config.ts',
  'package.json',
]);

const child = spawn(process.execPath, ['server/dist/main.js'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
