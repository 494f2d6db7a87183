import { describe, expect, it } from "vitest";
import { groupCommit } from "./group-commit.server";

/** A writer whose statements are held until released, recording each batch it was given. */
function heldWriter(fail: (batch: number[]) => boolean = () => false) {
  const batches: number[][] = [];
  const pending: (() => void)[] = [];
  const write = (batch: number[]) => {
    batches.push(batch);
    return new Promise<number[]>((resolve, reject) => {
      pending.push(() =>
        fail(batch) ? reject(new Error(`bad ${batch.join(",")}`)) : resolve(batch.map((n) => n * 10)),
      );
    });
  };
  /** Lets every statement in flight finish, until none is left. */
  const settle = async () => {
    for (let turns = 0; turns < 100; turns++) {
      await new Promise((r) => setImmediate(r));
      const next = pending.shift();
      if (next) next();
      else if (turns > 2) return;
    }
  };
  return { batches, write, settle };
}

describe("group commit", () => {
  it("writes a lone input at once and gathers those that arrive meanwhile into the next statement", async () => {
    const writer = heldWriter();
    const save = groupCommit({ write: writer.write, maxBatch: 10, refused: () => true });
    const first = save(1);
    const rest = [2, 3, 4].map(save);
    await writer.settle();
    expect(await first).toBe(10);
    expect(await Promise.all(rest)).toEqual([20, 30, 40]);
    expect(writer.batches).toEqual([[1], [2, 3, 4]]);
  });

  it("holds no more than maxBatch in one statement", async () => {
    const writer = heldWriter();
    const save = groupCommit({ write: writer.write, maxBatch: 2, refused: () => true });
    const all = [1, 2, 3, 4, 5].map(save);
    await writer.settle();
    expect(await Promise.all(all)).toEqual([10, 20, 30, 40, 50]);
    expect(writer.batches).toEqual([[1], [2, 3], [4, 5]]);
  });

  it("writes a failed batch's inputs one by one, so only the bad one fails", async () => {
    const writer = heldWriter((batch) => batch.includes(3));
    const save = groupCommit({ write: writer.write, maxBatch: 10, refused: () => true });
    const all = [1, 2, 3, 4].map((n) => save(n).then(String, (error: Error) => error.message));
    await writer.settle();
    expect(await Promise.all(all)).toEqual(["10", "20", "bad 3", "40"]);
    expect(writer.batches).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
  });

  it("fails every input of a batch whose outcome is unknown, writing none of them again", async () => {
    const writer = heldWriter((batch) => batch.length > 1);
    const save = groupCommit({ write: writer.write, maxBatch: 10, refused: () => false });
    const all = [1, 2, 3].map((n) => save(n).then(String, (error: Error) => error.message));
    await writer.settle();
    expect(await Promise.all(all)).toEqual(["10", "bad 2,3", "bad 2,3"]);
    expect(writer.batches).toEqual([[1], [2, 3]]);
  });
});
