/**
 * Collects the lookups asked for in one turn of the event loop (the requests whose bodies arrived
 * together) and answers them with one call of `load`: on a hot path a round trip per lookup cost
 * more than the lookup. A lookup waits at most until the loop's next check phase. If `load` fails,
 * every lookup of its turn fails with it.
 */
export const turnBatch = <K, V>(load: (keys: K[]) => Promise<(V | undefined)[]>) => {
  let pending: { key: K; resolve: (value: V | undefined) => void; reject: (error: unknown) => void }[] | undefined;
  const flush = async () => {
    const batch = pending!;
    pending = undefined;
    try {
      const values = await load(batch.map((p) => p.key));
      batch.forEach((p, i) => p.resolve(values[i]));
    } catch (error) {
      for (const p of batch) p.reject(error);
    }
  };
  return (key: K) =>
    new Promise<V | undefined>((resolve, reject) => {
      if (!pending) {
        pending = [];
        setImmediate(() => void flush());
      }
      pending.push({ key, resolve, reject });
    });
};
