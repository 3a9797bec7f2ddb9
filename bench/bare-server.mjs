// The baselines of bench:service, no database: a bare Fastify route answering a small envelope, and
// one answering a fixed body of the size of a contact (BARE_BODY_FILE), to tell payload cost from ours.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ data: { ok: true }, meta: {} }));
const body = process.env.BARE_BODY_FILE ? JSON.parse(readFileSync(process.env.BARE_BODY_FILE, 'utf8')) : {};
app.get('/bare-body', async () => body);
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`LISTENING ${address}\n`);
