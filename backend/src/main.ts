// The server alone (no front-end build check): `npm run dev`, the crash test, and what the
// built server runs after start.ts's checks.
import { startServer } from './server';

startServer().catch((err) => {
  console.error(err);
  process.exit(1);
});
