// `npm run dev`: the API on port 3001 (restarting on change) and Vite on 3000 proxying to it.
import { spawn } from 'node:child_process';
import { zoneRulesEnv } from '../apps/api/tzdata/env.mjs';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@portal/api'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      ...zoneRulesEnv(),
      PORT: process.env.API_PORT ?? '3001',
      PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:3000',
    },
  }),
  spawn('npm', ['run', 'dev', '-w', '@portal/web'], { stdio: 'inherit', env: process.env }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    if (code) stop();
  });
