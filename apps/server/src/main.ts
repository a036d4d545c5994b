import { buildApp } from './app';
import { loadConfig, type AppConfig } from './platform/config';
import { DataDirInUseError } from './platform/db/data-dir-lock';
import { openDatabase, type Database } from './platform/db/database';
import { openDnsServers } from './platform/dns-servers';
import { formatSafeError } from './platform/safe-error';
import { seedIfEmpty, type SeededCredentials } from './platform/seed/seed';
import { startupBanner } from './platform/startup-banner';

/**
 * Printed as soon as the seed has committed, before anything else can fail: a start that then
 * dies (port taken…) must not lose the only copy of the random passwords, and a later start
 * finds the accounts there and never prints them again.
 */
function credentialsNotice(seeded: SeededCredentials): string {
  return [
    '',
    'First start: accounts were created. These passwords are shown only this once:',
    `  admin          ${seeded.admin.username} / ${seeded.admin.password}`,
    `  demo customer  ${seeded.customer.username} / ${seeded.customer.password}`,
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await serve(config, database);
  } catch (error) {
    // Stop the embedded PostgreSQL and free DATA_DIR before reporting (port taken, bad seed…).
    await database.close().catch(() => {});
    throw error;
  }
}

async function serve(config: AppConfig, database: Database): Promise<void> {
  const seeded = await seedIfEmpty(database.db, config);
  if (seeded) process.stdout.write(credentialsNotice(seeded));
  const dns = await openDnsServers(config);
  const app = await buildApp({
    config,
    db: database.db,
    pool: database.pool,
    changes: database.changes,
    dns,
  }).catch(async (error: unknown) => {
    await dns.close();
    throw error;
  });
  app.addHook('onClose', () => dns.close());

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  // A start that cannot listen stops its job workers too, or they would hold the pool open.
  await app.listen({ port: config.port, host: config.host }).catch(async (error: unknown) => {
    await app.close();
    throw error;
  });
  const host = config.host === '0.0.0.0' ? 'localhost' : config.host;
  process.stdout.write(startupBanner(`http://${host}:${config.port}`, database.description, dns));
}

main().catch((error: unknown) => {
  if (error instanceof DataDirInUseError) {
    console.error(`\nNimbus cannot start: ${error.message}\n`);
  } else {
    // Never the raw error: a failed query's carries its parameters (the seed's password hashes…).
    console.error(`\nNimbus failed to start: ${formatSafeError(error)}`);
  }
  process.exit(1);
});
