// Several independent reads at once: on the pool they run side by side on different connections;
// on a transaction they share its one connection, where PostgreSQL's client must get them one
// after another (pg refuses queued queries from 9.0) and SQLite runs them in turn anyway.
type Tasks = readonly (() => PromiseLike<unknown>)[];
type Results<T extends Tasks> = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };

/** Each task started at once without `trx`, one after another with it. */
export async function concurrently<T extends Tasks>(trx: unknown, tasks: T): Promise<Results<T>> {
  if (!trx) return (await Promise.all(tasks.map((task) => task()))) as Results<T>;
  const results: unknown[] = [];
  for (const task of tasks) results.push(await task());
  return results as Results<T>;
}
