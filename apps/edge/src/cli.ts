import { runAgent } from './agent';
import { ConfigError, parseConfig, USAGE } from './config';
import { log } from './log';

/** `nimbus-edge`: reads its options, then runs until SIGTERM. */
async function main(): Promise<void> {
  let config;
  try {
    config = parseConfig(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`nimbus-edge: ${error.message}\n\n${USAGE}\n`);
    process.exit(2);
  }
  if (config === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  await runAgent(config, log);
}

main().catch((error: unknown) => {
  log(`fatal: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
