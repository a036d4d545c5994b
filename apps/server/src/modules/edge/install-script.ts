import { EDGE_PATHS } from '@nimbus/contract';

/**
 * Debian packages a node needs: nginx with the stream, cache-purge, brotli and Lua (ADR 0039)
 * modules, and Node.js for the agent. (An older node without brotli or Lua still applies: see
 * main-conf.ts.)
 */
export const EDGE_PACKAGES = [
  'nginx',
  'libnginx-mod-stream',
  'libnginx-mod-http-cache-purge',
  'libnginx-mod-http-brotli-filter',
  'libnginx-mod-http-lua',
  'nodejs',
  'curl',
] as const;

const quote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

/** The one line an operator runs as root on a fresh Debian node. */
export function installCommand(consoleUrl: string, token: string): string {
  const script = `${consoleUrl}/api/${EDGE_PATHS.installScript}`;
  return `curl -fsSL ${quote(script)} | sh -s -- --server ${quote(consoleUrl)} --token ${quote(token)}`;
}

/**
 * The install script: packages, the agent as one file, its token in a root-only file, and a
 * systemd service that drives the system nginx. Without systemd (containers) it starts the
 * agent in the background and says so.
 */
export function installScript(consoleUrl: string): string {
  const agentUrl = `${consoleUrl}/api/${EDGE_PATHS.agentScript}`;
  return `#!/bin/sh
# Nimbus edge node installer. Usage: sh install.sh --server <console URL> --token <node token>
set -eu
SERVER=${quote(consoleUrl)}
TOKEN=''
while [ $# -gt 0 ]; do
  case "$1" in
    --server) SERVER="$2"; shift 2 ;;
    --token) TOKEN="$2"; shift 2 ;;
    *) echo "unknown option: $1" >&2; exit 2 ;;
  esac
done
[ -n "$TOKEN" ] || { echo "--token is required (shown once when the node was added)" >&2; exit 2; }
[ "$(id -u)" = 0 ] || { echo "run as root" >&2; exit 1; }
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq ${EDGE_PACKAGES.join(' ')} >/dev/null
mkdir -p /usr/local/lib/nimbus-edge /var/lib/nimbus-edge
curl -fsSL ${quote(agentUrl)} -o /usr/local/lib/nimbus-edge/nimbus-edge.mjs
umask 077
printf 'NIMBUS_EDGE_SERVER=%s\\nNIMBUS_EDGE_TOKEN=%s\\n' "$SERVER" "$TOKEN" > /etc/nimbus-edge.env
if [ -d /run/systemd/system ]; then
  cat > /etc/systemd/system/nimbus-edge.service <<'UNIT'
[Unit]
Description=Nimbus edge agent
After=network-online.target nginx.service
[Service]
EnvironmentFile=/etc/nimbus-edge.env
ExecStart=/usr/bin/node /usr/local/lib/nimbus-edge/nimbus-edge.mjs --data-dir /var/lib/nimbus-edge
Restart=always
RestartSec=3
[Install]
WantedBy=multi-user.target
UNIT
  systemctl daemon-reload
  systemctl enable --now nginx nimbus-edge
  echo "nimbus-edge is running: systemctl status nimbus-edge"
else
  set -a; . /etc/nimbus-edge.env; set +a
  nohup node /usr/local/lib/nimbus-edge/nimbus-edge.mjs --data-dir /var/lib/nimbus-edge --manage-nginx \\
    >>/var/log/nimbus-edge.log 2>&1 &
  echo "no systemd: nimbus-edge started in the background (log: /var/log/nimbus-edge.log)"
fi
`;
}
