/**
 * A plain reverse proxy for `npm run bench:fleet`'s proxied run, as nginx in docs/operations.md:
 * every request goes on to UPSTREAM from 127.0.0.1 with `X-Forwarded-For` (the client's address)
 * and `X-Forwarded-Proto`, responses stream back unbuffered (event streams), one upstream
 * connection per request. Prints `listening on http://…` once it listens. Run:
 * `UPSTREAM=http://127.0.0.1:8080 node --import tsx bench/fleet/proxy.ts`.
 */
import http from 'node:http';

const upstream = new URL(process.env.UPSTREAM ?? 'http://127.0.0.1:8080');

const server = http.createServer((req, res) => {
  const forwarded = req.headers['x-forwarded-for'];
  const client = req.socket.remoteAddress ?? '';
  const outgoing = http.request(
    {
      host: upstream.hostname,
      port: upstream.port,
      method: req.method,
      path: req.url,
      // A connection of its own for each request, as nginx's default upstream (HTTP/1.0, no keepalive).
      agent: false,
      localAddress: '127.0.0.1',
      headers: {
        ...req.headers,
        'x-forwarded-for': forwarded ? `${forwarded}, ${client}` : client,
        'x-forwarded-proto': 'http',
      },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      res.flushHeaders();
      answer.pipe(res);
      answer.on('end', () => {
        done = true;
      });
    },
  );
  let done = false;
  outgoing.on('error', () => {
    if (!res.headersSent) res.writeHead(502).end();
    else res.destroy();
  });
  // The client went away before the answer ended (an event stream closed): so does the upstream request.
  res.on('close', () => {
    if (!done) outgoing.destroy();
  });
  req.pipe(outgoing);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') console.log(`listening on http://127.0.0.1:${address.port}`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(0));
