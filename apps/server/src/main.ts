import { buildApp } from './app';
import { loadConfig } from './platform/config';
import { DataDirInUseError } from './platform/db/data-dir-lock';
import { openDatabase } from './platform/db/database';
import { seedIfEmpty, type SeededCredentials } from './platform/seed/seed';
import { ownShutdownSignals } from './platform/shutdown-signals';

function banner(baseUrl: string, databaseDescription: string, seeded: SeededCredentials | null): string {
  const lines = [
    '',
    `Nimbus is running on ${databaseDescription}.`,
    `  CDN console        ${baseUrl}/`,
    `  CDN admin console  ${baseUrl}/admin/`,
    `  DNS console        ${baseUrl}/dns/`,
    `  DNS admin console  ${baseUrl}/dns/admin/`,
    `  API                ${baseUrl}/api  (OpenAPI: ${baseUrl}/api/docs/openapi.json)`,
  ];
  if (seeded) {
    lines.push(
      '',
      'First start: accounts were created. These passwords are shown only this once:',
      `  admin          ${seeded.admin.username} / ${seeded.admin.password}`,
      `  demo customer  ${seeded.customer.username} / ${seeded.customer.password}`,
    );
  }
  return lines.join('\n') + '\n';
}

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  const seeded = await seedIfEmpty(database.db, config);
  const app = await buildApp({ config, db: database.db, changes: database.changes });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  ownShutdownSignals();
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const host = config.host === '0.0.0.0' ? 'localhost' : config.host;
  process.stdout.write(banner(`http://${host}:${config.port}`, database.description, seeded));
}

main().catch((error: unknown) => {
  if (error instanceof DataDirInUseError) {
    console.error(`\nNimbus cannot start: ${error.message}\n`);
  } else {
    console.error('\nNimbus failed to start:', error);
  }
  process.exit(1);
});
