import Fastify from 'fastify';

/** The baseline of bench:http: a bare Fastify route answering a one-slug JSON array. */
const app = Fastify({ logger: false });
app.post('/bare', async () => ['bare-route']);
app.get('/api/v1/ping', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
