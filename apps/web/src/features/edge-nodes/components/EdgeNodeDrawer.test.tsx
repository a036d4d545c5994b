// @vitest-environment jsdom
import { EDGE_ADMIN_PATHS, type EdgeNodeDetail } from '@nimbus/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EdgeNodeDrawer } from '@/features/edge-nodes/components/EdgeNodeDrawer';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const detail: EdgeNodeDetail = {
  id: 3,
  name: 'bj-01',
  ipv4: '203.0.113.30',
  ipv6: '2001:db8::30',
  listenAddress: '',
  groupId: 1,
  groupName: 'North',
  line: 'main',
  enabled: true,
  online: true,
  appliedVersion: 6,
  latestVersion: 7,
  applyState: 'failed',
  lastError: 'nginx: [emerg] unknown directive "proxy_passs"',
  degraded: null,
  nginxVersion: '1.22.1',
  agentVersion: '0.1.0',
  activeConnections: 3,
  uptimeSeconds: 90_061,
  lastHeartbeatAt: new Date().toISOString(),
  createdAt: '2025-01-01T00:00:00.000Z',
  history: [
    {
      version: 7,
      state: 'failed',
      error: 'nginx: [emerg] unknown directive "proxy_passs"',
      at: '2025-01-02T00:00:00Z',
    },
    { version: 6, state: 'applied', error: '', at: '2025-01-01T12:00:00Z' },
  ],
};

describe('EdgeNodeDrawer', { timeout: 30_000 }, () => {
  setUpComponentTests();

  it('shows the node’s facts and its apply history with nginx’s error', async () => {
    fakeApi({ [EDGE_ADMIN_PATHS.nodeInfo]: detail });
    renderWithApp(<EdgeNodeDrawer nodeId={3} onClose={() => undefined} />);
    expect(
      await screen.findByText('Config v7 failed; the node keeps running its last good version'),
    ).toBeTruthy();
    expect(screen.getByText('Every address')).toBeTruthy();
    expect(screen.getByText('1 d 1 h 1 min')).toBeTruthy();
    expect(screen.getByText('v6')).toBeTruthy();
    expect(screen.getByText('Applied')).toBeTruthy();
    expect(screen.getAllByText('nginx: [emerg] unknown directive "proxy_passs"').length).toBe(2);
    expect(screen.queryByText('The agent has not connected yet')).toBeNull();
  });

  it('says honestly when the agent has never connected', async () => {
    fakeApi({
      [EDGE_ADMIN_PATHS.nodeInfo]: {
        ...detail,
        online: false,
        lastHeartbeatAt: null,
        applyState: 'pending',
        lastError: '',
        appliedVersion: 0,
        history: [],
      },
    });
    renderWithApp(<EdgeNodeDrawer nodeId={3} onClose={() => undefined} />);
    expect(await screen.findByText('The agent has not connected yet')).toBeTruthy();
    expect(screen.getByText('No config updates yet')).toBeTruthy();
    expect(screen.getByText('No config yet · v7 pending')).toBeTruthy();
  });

  it('says why the node is degraded, with its agent’s detail', async () => {
    fakeApi({
      [EDGE_ADMIN_PATHS.nodeInfo]: {
        ...detail,
        degraded: { reason: 'stale-workers', detail: 'pids 4711 4712', since: '2025-01-02T00:00:00Z' },
      },
    });
    renderWithApp(<EdgeNodeDrawer nodeId={3} onClose={() => undefined} />);
    expect(
      await screen.findByText('nginx on this node is not serving as it should; the agent is repairing it'),
    ).toBeTruthy();
    expect(screen.getByText(/its workers were still serving an old config/)).toBeTruthy();
    expect(screen.getByText('pids 4711 4712')).toBeTruthy();
    expect(screen.getByText('Degraded')).toBeTruthy();
  });
});
