// The framework's own limit on this machine: a Koa app that answers {} and does nothing else.
import Koa from 'koa';

const app = new Koa();
app.use((ctx) => {
  ctx.body = { ok: true };
});
app.listen(Number(process.env.PORT) || 3999, '127.0.0.1');
