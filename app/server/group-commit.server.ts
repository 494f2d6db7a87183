/**
 * Group commit: work that arrives while a statement is in flight is gathered
 * and written by the next statement, all of it at once, instead of each
 * piece waiting for a connection and a commit of its own. Under load the
 * database then does one round trip and one commit for many saves; a lone
 * save goes at once, as before, and waits for nothing.
 *
 * Each caller gets its own result. Should the database refuse a statement
 * for several, each of them is written again on its own, one after another,
 * so one bad piece (a taken link, a reused key) fails only itself and none
 * is lost. Any other failure (the connection lost, say) leaves it unknown
 * whether the statement was committed: every piece of it fails, as a lone
 * statement would, rather than risk writing any of them twice.
 */

export interface GroupCommitOptions<In, Out> {
  /** Writes a batch; returns one result per input, in their order. Called with one input when nothing waited. */
  write(batch: In[]): Promise<Out[]>;
  /** At most this many in one statement. */
  maxBatch: number;
  /** Whether a batch's error means it was refused and nothing of it kept, so each input may be written alone. */
  refused(error: unknown): boolean;
}

interface Waiting<In, Out> {
  input: In;
  resolve(value: Out): void;
  reject(error: unknown): void;
}

export type GroupCommit<In, Out> = (input: In) => Promise<Out>;

export function groupCommit<In, Out>({ write, maxBatch, refused }: GroupCommitOptions<In, Out>): GroupCommit<In, Out> {
  const queue: Waiting<In, Out>[] = [];
  // One statement at a time: what arrives meanwhile is the next one's batch.
  let writing = false;

  async function writeBatch(batch: Waiting<In, Out>[]): Promise<void> {
    try {
      const results = await write(batch.map((w) => w.input));
      for (const [i, w] of batch.entries()) w.resolve(results[i] as Out);
    } catch (error) {
      if (batch.length === 1 || !refused(error)) {
        for (const w of batch) w.reject(error);
        return;
      }
      // One after another: two that failed together (one address twice, say) then see each other's rows.
      for (const w of batch) {
        try {
          const [result] = await write([w.input]);
          w.resolve(result as Out);
        } catch (alone) {
          w.reject(alone);
        }
      }
    }
  }

  async function drain(): Promise<void> {
    writing = true;
    try {
      while (queue.length > 0) await writeBatch(queue.splice(0, maxBatch));
    } finally {
      writing = false;
    }
  }

  return (input) =>
    new Promise<Out>((resolve, reject) => {
      queue.push({ input, resolve, reject });
      if (!writing) void drain();
    });
}
