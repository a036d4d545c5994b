// @vitest-environment jsdom
import type { ConfigRecord, NodeMonitorOverview, NodeMonitorState } from '@nimbus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NodeMonitorScreen } from '@/features/node-monitor/components/NodeMonitorScreen';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const record: ConfigRecord = {
  id: 37,
  paramKey: 'CDN_NODECHECK_KEY',
  remark: 'Node check',
  status: 1,
  paramValue: JSON.stringify({
    DnsDispatchMode: 'online',
    ModeTimingFrequency: 60,
    checkNodePortList: '80|443',
    checkNodeFrequency: 10,
    failPercent: 80,
    mailNotice: '',
    mailNoticeStatus: 0,
    smsNotice: '',
    smsNoticeStatus: 0,
  }),
};

const node = (extra: Partial<NodeMonitorState>): NodeMonitorState => ({
  nodeId: 1,
  name: 'edge-a',
  ipv4: '203.0.113.1',
  ipv6: '',
  groupId: 1,
  groupName: 'Main',
  line: 'main',
  enabled: true,
  healthy: true,
  upStreak: 3,
  downStreak: 0,
  failPercent: 0,
  plannedInDns: true,
  inDns: true,
  held: false,
  override: null,
  overrideUntil: null,
  views: [
    { probe: 'local', ports: [80, 443], failedPorts: [], checkedAt: '2026-01-01T00:00:00Z', stale: false },
  ],
  checkedAt: '2026-01-01T00:00:00Z',
  ...extra,
});

const overview: NodeMonitorOverview = {
  dryRun: false,
  mode: 'online',
  frequency: 10,
  lastCheckAt: '2026-01-01T00:00:00Z',
  dns: { state: 'missing', reason: 'pdns_server is not installed', install: 'apt-get install pdns-server' },
  nodes: [
    node({}),
    node({
      nodeId: 2,
      name: 'edge-b',
      ipv4: '203.0.113.2',
      healthy: false,
      failPercent: 100,
      held: true,
      views: [
        {
          probe: 'local',
          ports: [80, 443],
          failedPorts: [80, 443],
          checkedAt: '2026-01-01T00:00:00Z',
          stale: false,
        },
      ],
    }),
  ],
};

const bodies = (calls: { path: string; body: unknown }[], path: string) =>
  calls.filter((call) => call.path === path).map((call) => call.body as Record<string, unknown>);

// antd forms are slow under jsdom on a shared machine.
describe('NodeMonitorScreen', { timeout: 60_000 }, () => {
  setUpComponentTests();

  it('checks the settings as the server does and saves them as the record keeps them', async () => {
    const { calls } = fakeApi({
      'sys/config/update': record,
      'sys/node-monitor/event/list': { list: [], totalCount: 0, pageSize: 20, currPage: 1 },
    });
    renderWithApp(<NodeMonitorScreen record={record} overview={overview} />);
    expect(await screen.findByText("Install it on the console's server:")).toBeTruthy();
    expect(screen.queryByLabelText('Timed period')).toBeNull();

    fireEvent.click(screen.getByText('Timing'));
    const period = await screen.findByLabelText('Timed period');
    fireEvent.change(period, { target: { value: '90' } });
    fireEvent.change(screen.getByLabelText('Ports'), { target: { value: '80,443' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Mail notice' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Timed period must be 60-3600 seconds, in steps of 60')).toBeTruthy();
    expect(screen.getByText('Ports: ports separated by |, for example 80|443')).toBeTruthy();
    expect(screen.getByText('Notice e-mail cannot be empty')).toBeTruthy();
    expect(bodies(calls, 'sys/config/update')).toHaveLength(0);

    fireEvent.change(period, { target: { value: '120' } });
    fireEvent.change(screen.getByLabelText('Ports'), { target: { value: '80|8443' } });
    fireEvent.change(screen.getByLabelText('Notice e-mail'), { target: { value: 'ops@example.com' } });
    // Spec §4: an SMS number typed in turns its switch on.
    fireEvent.change(screen.getByLabelText('Notice mobile'), { target: { value: '13800000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies(calls, 'sys/config/update')).toHaveLength(1));
    const sent = bodies(calls, 'sys/config/update')[0]!;
    expect(sent).toMatchObject({ id: 37, paramKey: 'CDN_NODECHECK_KEY' });
    expect(JSON.parse(sent.paramValue as string)).toEqual({
      DnsDispatchMode: 'timing',
      ModeTimingFrequency: 120,
      checkNodePortList: '80|8443',
      checkNodeFrequency: 10,
      failPercent: 80,
      mailNotice: 'ops@example.com',
      mailNoticeStatus: 1,
      smsNotice: '13800000000',
      smsNoticeStatus: 1,
    });
  });

  it('shows verdicts with their evidence, and sends the dry-run switch and overrides', async () => {
    const { calls } = fakeApi({
      'sys/node-monitor/dry-run': null,
      'sys/node-monitor/override': null,
      'sys/node-monitor/overview': overview,
      'sys/node-monitor/event/list': {
        list: [
          {
            id: 1,
            nodeId: 2,
            nodeName: 'edge-b',
            action: 'held',
            reason: 'lastHealthy',
            dryRun: false,
            failPercent: 100,
            evidence: overview.nodes[1]!.views,
            createdAt: '2026-01-01T00:00:00Z',
          },
        ],
        totalCount: 1,
        pageSize: 20,
        currPage: 1,
      },
    });
    renderWithApp(<NodeMonitorScreen record={record} overview={overview} />);
    expect(await screen.findByText('Removal held back')).toBeTruthy();
    expect(screen.getAllByText('local: 80|443 failed').length).toBeGreaterThan(0);
    expect(await screen.findByText('Held back')).toBeTruthy();
    expect(screen.getAllByText('No healthy node would be left answering').length).toBeGreaterThan(0);

    fireEvent.click(screen.getByRole('switch', { name: 'Dry run' }));
    await waitFor(() => expect(bodies(calls, 'sys/node-monitor/dry-run')).toEqual([{ dryRun: true }]));

    const row = screen.getByText('edge-a').closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Override' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Force out of DNS')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Duration (minutes)'), { target: { value: '30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(bodies(calls, 'sys/node-monitor/override')).toEqual([
        { nodeId: 1, override: 'out', minutes: 30 },
      ]),
    );
  });
});
