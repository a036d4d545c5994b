// The baseline of the userinfo benchmark: a bare Fastify handler answering the same JSON
// Nimbus answered, in its own process like Nimbus, with no logger, no schema, no database.
import Fastify from 'fastify';

const body: unknown = JSON.parse(process.env.BASELINE_BODY ?? '{}');
const app = Fastify({ logger: false });
app.get('/api/app/account/userinfo', async () => body);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('baseline ready\n');
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void app.close().then(() => process.exit(0)));
}
