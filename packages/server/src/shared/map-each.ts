/** `items` mapped lazily, one at a time as they are taken: a big batch is never held mapped and unmapped at once. */
export function* mapEach<T, U>(items: Iterable<T>, map: (item: T) => U): Generator<U> {
  for (const item of items) yield map(item);
}
