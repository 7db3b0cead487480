// The server: `npm start`, the systemd unit (node build/current/server/main.js), the e2e journeys
// and the benchmarks run this file as built; `npm run dev` runs it from the sources.
import './processTuning';
import { startServer, failedToStart } from './server';

startServer().catch(failedToStart);
