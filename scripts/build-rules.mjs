// `postinstall`: compiles the shared rules package (rules/ → rules/dist) so that the server, the
// client, the tests and the tools can import @tienda/rules right after `npm install` or `npm ci`.
// Skipped where there is nothing to build with: the Docker image's dependency layers install
// from the manifests alone (no rules/src yet; `npm run build` compiles it later), and a
// production install (`--omit=dev`) has no TypeScript.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

if (!existsSync(path.join(root, 'rules/src/index.ts'))) {
  console.log('@tienda/rules: no sources here, nothing to compile');
  process.exit(0);
}
let tsc;
try {
  tsc = createRequire(path.join(root, 'package.json')).resolve('typescript/bin/tsc');
} catch {
  console.log('@tienda/rules: TypeScript is not installed, nothing compiled');
  process.exit(0);
}
const result = spawnSync(process.execPath, [tsc, '-p', 'rules/tsconfig.json'], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
