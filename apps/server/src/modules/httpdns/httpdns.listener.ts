import http from 'node:http';
import https from 'node:https';
import type { HttpdnsListener } from '@nimbus/contract';
import type { DnsServers } from '../../platform/dns-servers';
import { answerQuery, type HttpdnsQueryConfig } from './httpdns.handler';
import { udpExchanger } from './httpdns.udp';

/** What the listeners run from: the saved config with its secrets opened. */
export interface HttpdnsRunConfig extends HttpdnsQueryConfig {
  status: number;
  portHttp: number | null;
  portHttps: number | null;
  certCrt: string;
  certKey: string | undefined;
}

interface Running {
  server: http.Server | undefined;
  state: HttpdnsListener;
}

const off = (): Running => ({ server: undefined, state: { state: 'off', port: null } });

function listen(server: http.Server, host: string, port: number): Promise<HttpdnsListener> {
  return new Promise((resolve) => {
    const onError = (error: NodeJS.ErrnoException) =>
      resolve({ state: 'failed', port, error: `${host}:${port}: ${error.code ?? error.message}` });
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      const address = server.address();
      resolve({ state: 'listening', port: typeof address === 'object' && address ? address.port : port });
    });
  });
}

function stop(server: http.Server | undefined): Promise<void> {
  if (!server?.listening) return Promise.resolve();
  return new Promise((resolve) => {
    server.close(() => resolve());
    // SDKs keep connections alive; a restart must not wait for them to go idle.
    server.closeAllConnections();
  });
}

/**
 * The HTTPDNS service's HTTP and HTTPS servers on HTTPDNS_HOST. `apply` restarts a server only
 * when what it binds or serves changed (ports, certificate), so the notification that follows a
 * save of this process, or a signing-key change, costs nothing. Calls are serialised.
 */
export function httpdnsListeners(
  host: string,
  dns: Pick<DnsServers, 'authoritative'>,
  log: (error: unknown) => void,
) {
  let http1 = off();
  let tls = off();
  let query: HttpdnsQueryConfig = { signKeys: undefined };
  let bound = { http: '', https: '' };
  let queue: Promise<unknown> = Promise.resolve();
  const udp = udpExchanger();

  const handler = (request: http.IncomingMessage, response: http.ServerResponse) => {
    answerQuery(request, response, { dns, udp }, query).catch((error: unknown) => {
      log(error);
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  };

  async function applyNow(config: HttpdnsRunConfig | null): Promise<void> {
    query = { signKeys: config?.signKeys };
    const enabled = config !== null && (config.status === 1 || config.status === 3);
    const wantHttp = enabled && config.portHttp !== null ? JSON.stringify([config.portHttp]) : '';
    const wantHttps =
      enabled && config.status === 3 && config.portHttps !== null && config.certKey
        ? JSON.stringify([config.portHttps, config.certCrt, config.certKey])
        : '';
    if (wantHttp !== bound.http || http1.state.state === 'failed') {
      await stop(http1.server);
      http1 = off();
      if (wantHttp && config?.portHttp != null) {
        const server = http.createServer(handler);
        http1 = { server, state: await listen(server, host, config.portHttp) };
      }
      bound = { ...bound, http: wantHttp };
    }
    if (wantHttps !== bound.https || tls.state.state === 'failed') {
      await stop(tls.server);
      tls = off();
      if (wantHttps && config?.portHttps != null && config.certKey) {
        try {
          const server = https.createServer({ cert: config.certCrt, key: config.certKey }, handler);
          tls = { server, state: await listen(server, host, config.portHttps) };
        } catch (error) {
          tls = {
            server: undefined,
            state: { state: 'failed', port: config.portHttps, error: String(error) },
          };
        }
      }
      bound = { ...bound, https: wantHttps };
    }
  }

  return {
    apply(config: HttpdnsRunConfig | null): Promise<void> {
      const next = queue.then(() => applyNow(config));
      queue = next.catch(log);
      return next;
    },
    state(): { http: HttpdnsListener; https: HttpdnsListener } {
      return { http: http1.state, https: tls.state };
    },
    async close(): Promise<void> {
      await queue;
      await Promise.all([stop(http1.server), stop(tls.server)]);
      udp.close();
      http1 = off();
      tls = off();
      bound = { http: '', https: '' };
    },
  };
}
export type HttpdnsListeners = ReturnType<typeof httpdnsListeners>;
