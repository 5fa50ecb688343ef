/** A server whose streams the test writes to and breaks, one connection at a time. */
export const fakeStreams = () => {
  const opened: { headers: Record<string, string>; push: (text: string) => void; close: () => void }[] = [];
  let answer: number | null = null;
  const fetcher = (async (_url: string, init?: RequestInit) => {
    if (answer) return new Response(null, { status: answer });
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    opened.push({
      headers: init?.headers as Record<string, string>,
      push: (text) => controller.enqueue(new TextEncoder().encode(text)),
      close: () => controller.close(),
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  }) as typeof fetch;
  return { opened, fetcher, refuseWith: (status: number) => void (answer = status) };
};

/** A stream that never opens: the screen stays 实时连接中… and asks nothing else. */
export const noStream = { fetcher: (() => new Promise<Response>(() => undefined)) as typeof fetch };
