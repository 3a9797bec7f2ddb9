/** One server-sent event as received: its name, id and parsed JSON data. */
export interface ReceivedEvent {
  event: string | undefined;
  id: string | undefined;
  // biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary payloads
  data: any;
}

/**
 * Opens a server-sent-events stream with a real fetch (the app must listen) and reads it event by
 * event. `next()` waits for the next event (rejects after `timeoutMs`); `close()` disconnects.
 */
export async function readEvents(url: string, headers: Record<string, string> = {}) {
  const abort = new AbortController();
  const response = await fetch(url, { headers, signal: abort.signal });
  if (!response.body) throw new Error(`no body from ${url} (${response.status})`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const parse = (block: string): ReceivedEvent | undefined => {
    const fields: Record<string, string> = {};
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const at = line.indexOf(':');
      fields[line.slice(0, at)] = line.slice(at + 1).trimStart();
    }
    if (fields.data === undefined) return undefined;
    return { event: fields.event, id: fields.id, data: JSON.parse(fields.data) };
  };
  const read = async (): Promise<ReceivedEvent> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = parse(block);
        if (event) return event;
        continue;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      buffer += value;
    }
  };
  return {
    response,
    next(timeoutMs = 3000): Promise<ReceivedEvent> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no event within the time limit')), timeoutMs);
        read().then(
          (event) => {
            clearTimeout(timer);
            resolve(event);
          },
          (err) => {
            clearTimeout(timer);
            reject(err);
          },
        );
      });
    },
    /**
     * Resolves once the service has ended the stream (events still unread are skipped); rejects
     * when it is still open after `timeoutMs`.
     */
    ended(timeoutMs = 3000): Promise<void> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('the stream is still open')), timeoutMs);
        const drain = async () => {
          for (;;) if ((await reader.read()).done) return;
        };
        drain().then(
          () => {
            clearTimeout(timer);
            resolve();
          },
          (err) => {
            clearTimeout(timer);
            reject(err);
          },
        );
      });
    },
    close() {
      abort.abort();
    },
  };
}
