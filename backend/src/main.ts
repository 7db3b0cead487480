// The server alone, without start.ts's front-end build check: `npm run dev`, the crash test, and
// (built: backend/dist/main.js) the e2e journeys and the benchmarks.
import './processTuning';
import { startServer } from './server';

startServer().catch((err) => {
  console.error(err);
  process.exit(1);
});
