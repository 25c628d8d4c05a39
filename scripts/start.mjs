// `npm start`: builds what is missing or out of date, then runs the shop.
import { spawn } from 'node:child_process';
import { buildClient, buildServer, root } from './build-stale.mjs';

buildServer();
buildClient();

const child = spawn(process.execPath, ['server/dist/main.js'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
