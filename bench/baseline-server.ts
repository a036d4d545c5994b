// The baseline of the userinfo and site-list benchmarks: a bare Fastify handler answering the
// same JSON Nimbus answered, in its own process like Nimbus, with no logger, no schema, no
// database. BASELINE_METHOD / BASELINE_PATH choose the route (default: GET userinfo).
import Fastify from 'fastify';

const body: unknown = JSON.parse(process.env.BASELINE_BODY ?? '{}');
const method = process.env.BASELINE_METHOD === 'POST' ? 'POST' : 'GET';
const app = Fastify({ logger: false });
app.route({
  method,
  url: process.env.BASELINE_PATH ?? '/api/app/account/userinfo',
  handler: async () => body,
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('baseline ready\n');
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void app.close().then(() => process.exit(0)));
}
