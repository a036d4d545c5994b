import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  EDGE_ADMIN_PATHS,
  EDGE_MANIFEST_FILE,
  edgeManifestSchema,
  ORIGIN_POLICY_PATHS,
  SITE_PATHS,
  type EdgeBundle,
  type EdgeNodeSaved,
  type Site,
} from '@nimbus/contract';
import { powerDnsEnv } from '../dns-records';
import { moved } from '../edge-save';
import { post } from './edge-fleet';
import { startNimbus, startPoolMember, type PoolMember, type RunningNimbus } from './nimbus';

/*
 * The console side of the fleet benchmark: a console of its own (a fresh database, so nothing
 * the other benchmarks saved is in its bundles), its nodes made through the admin API, one
 * customer site, and a second console process on the same PostgreSQL for the pool figure.
 */

/** Where the site listens on every node (no nginx runs: only the bundle carries it). */
const SITE_PORT = 18_080;
/** Nodes made at once through the admin API. */
const CREATE_CONCURRENCY = 8;

export interface FleetConsole {
  nimbus: RunningNimbus;
  /** Each node's token, in creation order. */
  tokens: string[];
  /** Moves the site's origin to `port` through the customer's update API. */
  moveOrigin(port: number): Promise<void>;
  /** A second console process on this console's database, sharing its key and DNS servers. */
  startMember(): Promise<PoolMember>;
  stop(): Promise<void>;
}

/** The bundle sends the site's origin to `port` (the upstreams' servers in its manifest). */
export const originIs = (port: number) => (bundle: EdgeBundle) => {
  const file = bundle.files.find((f) => f.path === EDGE_MANIFEST_FILE);
  if (!file) return false;
  const manifest = edgeManifestSchema.parse(JSON.parse(file.content));
  return manifest.upstreams.some((u) => u.servers.some((s) => s.port === port));
};

async function inBatches<T>(count: number, size: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const made: T[] = new Array<T>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      made[i] = await make(i);
    }
  };
  await Promise.all(Array.from({ length: size }, worker));
  return made;
}

export async function startFleetConsole(options: {
  nodes: number;
  logLevel: string;
  firstOriginPort: number;
}): Promise<FleetConsole> {
  // Shared by the pool: bundles carry private keys sealed with it, and any member may serve them.
  const secretKey = crypto.randomBytes(32).toString('base64');
  const pdnsEnv = await powerDnsEnv();
  const nimbus = await startNimbus({
    logLevel: options.logLevel,
    env: { ...pdnsEnv, NIMBUS_SECRET_KEY: secretKey },
  });
  try {
    const admin = await nimbus.login('admin');
    const group = await post<{ id: number }>(nimbus, admin, EDGE_ADMIN_PATHS.groupSave, {
      name: 'fleet',
      isDefault: true,
    });
    await post(nimbus, admin, ORIGIN_POLICY_PATHS.save, { allowRanges: '127.0.0.0/8' });
    // Nodes first: their publishes (coalesced, ADR 0013's queue) carry no site yet.
    const tokens = await inBatches(options.nodes, CREATE_CONCURRENCY, async (i) => {
      const saved = await post<EdgeNodeSaved>(nimbus, admin, EDGE_ADMIN_PATHS.nodeSave, {
        name: `fleet-${i + 1}`,
        ipv4: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
        groupId: group.id,
      });
      return saved.token!;
    });
    const customer = await nimbus.login('customer');
    let site = await post<Site>(nimbus, customer, SITE_PATHS.create, {
      domain: 'fleet.bench-customer.example.com',
      origins: [{ address: '127.0.0.1', httpPort: options.firstOriginPort }],
      httpPorts: [SITE_PORT],
    });
    const readKey = (dir: string) =>
      fs.readFileSync(path.join(nimbus.dataDir, dir, 'api.key'), 'utf8').trim();
    return {
      nimbus,
      tokens,
      async moveOrigin(port) {
        site = await post<Site>(nimbus, customer, SITE_PATHS.update, moved(site, port));
      },
      startMember: () =>
        startPoolMember(nimbus, {
          logLevel: options.logLevel,
          env: {
            NIMBUS_SECRET_KEY: secretKey,
            PDNS_API_URL: `http://${pdnsEnv.PDNS_API_ADDRESS}`,
            PDNS_API_KEY: readKey('powerdns'),
            PDNS_DNS_ADDRESS: pdnsEnv.PDNS_DNS_ADDRESS,
            PDNS_RECURSOR_API_URL: `http://${pdnsEnv.PDNS_RECURSOR_API_ADDRESS}`,
            PDNS_RECURSOR_API_KEY: readKey('pdns-recursor'),
            PDNS_RECURSOR_DNS_ADDRESS: pdnsEnv.PDNS_RECURSOR_DNS_ADDRESS,
          },
        }),
      stop: () => nimbus.stop(),
    };
  } catch (error) {
    await nimbus.stop();
    throw error;
  }
}
