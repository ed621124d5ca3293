// npm run dev: the API with reload on 3000 and Vite's dev server on 5173 (which proxies API paths to 3000).
import { spawn } from 'node:child_process';
import path from 'node:path';

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/server/src/server.ts'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development' },
  }),
  // Vite itself, not through npm: npm does not pass SIGTERM on, which left Vite running after a stop.
  spawn(process.execPath, [path.resolve('node_modules/vite/bin/vite.js')], {
    cwd: 'apps/web',
    stdio: 'inherit',
  }),
];

const stop = () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
