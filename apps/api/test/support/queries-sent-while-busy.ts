import pg from 'pg';

/** What node-postgres keeps on a client to decide that a query is sent while another one runs. */
type ClientState = { _queryQueue: unknown[]; pipeline?: boolean; _ending?: boolean };

/**
 * How many queries `work` sends to a node-postgres connection that is already running one, with
 * another waiting: the case in which pg warns "Calling client.query() when the client is already
 * executing a query" (and pg 9 will refuse it). pg warns once per process, so a test counts the
 * calls itself, on Client.prototype.query, under pg's own condition; restored afterwards.
 */
export async function queriesSentWhileBusy(work: () => Promise<unknown>): Promise<number> {
  const prototype = pg.Client.prototype as unknown as { query: (this: ClientState, ...args: unknown[]) => unknown };
  const original = prototype.query;
  let busy = 0;
  prototype.query = function query(this: ClientState, ...args: unknown[]) {
    if (this._queryQueue.length > 0 && !this.pipeline && !this._ending) busy += 1;
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    prototype.query = original;
  }
  return busy;
}
