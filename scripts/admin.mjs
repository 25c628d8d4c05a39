// `npm run admin -- <comando>`: the operator's command line (server/src/scripts/admin.ts), built
// first when the server's build is missing or out of date. Its exit code is the command's.
import { spawnSync } from 'node:child_process';
import { buildServer, root } from './build-stale.mjs';

buildServer();
const result = spawnSync(
  process.execPath,
  ['server/dist/scripts/admin.js', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
