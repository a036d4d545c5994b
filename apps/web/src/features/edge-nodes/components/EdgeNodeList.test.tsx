// @vitest-environment jsdom
import {
  EDGE_ADMIN_PATHS,
  type EdgeGroup,
  type EdgeNode,
  type EdgeNodeSaved,
  type Page,
} from '@nimbus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n';
import { EdgeNodeList } from '@/features/edge-nodes/components/EdgeNodeList';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();

const base: EdgeNode = {
  id: 1,
  name: 'sh-01',
  ipv4: '203.0.113.10',
  ipv6: '',
  listenAddress: '',
  groupId: 1,
  groupName: 'East',
  line: 'main',
  enabled: true,
  online: true,
  appliedVersion: 7,
  latestVersion: 7,
  applyState: 'applied',
  lastError: '',
  degraded: null,
  nginxVersion: '1.22.1',
  agentVersion: '0.1.0',
  activeConnections: 42,
  uptimeSeconds: 3600,
  lastHeartbeatAt: ago(12),
  createdAt: '2025-01-01T00:00:00.000Z',
};

const nodes: EdgeNode[] = [
  base,
  { ...base, id: 2, name: 'sh-02', appliedVersion: 6, applyState: 'pending', line: 'backup' },
  {
    ...base,
    id: 3,
    name: 'bj-01',
    applyState: 'failed',
    appliedVersion: 6,
    lastError: 'nginx: [emerg] unknown directive "proxy_passs" in /etc/nginx/sites/7.conf:12',
  },
  { ...base, id: 4, name: 'gz-01', online: false, lastHeartbeatAt: ago(600), activeConnections: 0 },
  {
    ...base,
    id: 5,
    name: 'new-01',
    online: false,
    lastHeartbeatAt: null,
    appliedVersion: 0,
    latestVersion: 0,
  },
  {
    ...base,
    id: 8,
    name: 'new-02',
    online: false,
    lastHeartbeatAt: null,
    appliedVersion: 0,
    applyState: 'pending',
  },
  {
    ...base,
    id: 7,
    name: 'wh-01',
    degraded: {
      reason: 'restart-failed',
      detail: 'nginx: [emerg] still could not bind()',
      since: '2025-01-01T00:00:00.000Z',
    },
  },
];

const page = <T,>(list: T[]): Page<T> => ({ list, totalCount: list.length, pageSize: 20, currPage: 1 });

const groups: EdgeGroup[] = [
  {
    id: 1,
    name: 'East',
    remark: '',
    isDefault: true,
    nodeCount: 5,
    lines: { main: 4, backup: 1 },
    siteCount: 3,
    reservedPorts: [],
    createdAt: '2025-01-01T00:00:00.000Z',
  },
];

const created: EdgeNodeSaved = {
  node: { ...base, id: 6, name: 'hz-01', ipv4: '198.51.100.7', lastHeartbeatAt: null, online: false },
  token: 'tok_secret_123',
  installCommand: 'curl -fsSL https://console.example.com/api/edge/v1/install | sh -s -- tok_secret_123',
};

const answers = {
  [EDGE_ADMIN_PATHS.nodeList]: page(nodes),
  [EDGE_ADMIN_PATHS.groupList]: page(groups),
  [EDGE_ADMIN_PATHS.nodeSave]: created,
};

const rowOf = (name: string) => screen.getByText(name).closest('tr')!;
// antd forms validate asynchronously; a loaded machine needs more than the default second.
const slow = { timeout: 5000 };
// getByRole walks the accessibility tree of the whole table: slow under jsdom, so buttons are found by text.
const button = (text: string, scope: HTMLElement = document.body) =>
  within(scope).getByText(text).closest('button')!;
const findDialog = () =>
  waitFor(() => {
    const dialog = document.querySelector<HTMLElement>('.ant-modal[role="dialog"]');
    if (!dialog) throw new Error('no dialog');
    return dialog;
  });

describe('EdgeNodeList', { timeout: 30_000 }, () => {
  setUpComponentTests();

  it('shows each node’s config state: applied, pending, failed with nginx’s error, and who is offline', async () => {
    fakeApi(answers);
    renderWithApp(<EdgeNodeList />);
    await screen.findByText('sh-01');

    expect(within(rowOf('sh-01')).getByText('v7 / v7 applied')).toBeTruthy();
    expect(within(rowOf('sh-01')).getByText('Online')).toBeTruthy();
    expect(within(rowOf('sh-02')).getByText('v6 → v7 pending')).toBeTruthy();
    expect(within(rowOf('sh-02')).getByText('Backup')).toBeTruthy();
    expect(within(rowOf('gz-01')).getByText('Offline')).toBeTruthy();
    expect(within(rowOf('new-01')).getByText('Never connected')).toBeTruthy();
    expect(within(rowOf('new-01')).getByText('No config yet')).toBeTruthy();
    // A node in a group with a published version reads the same words (issue 22: it read "none → v7 pending").
    expect(within(rowOf('new-02')).getByText('No config yet · v7 pending')).toBeTruthy();
    expect(i18n.getFixedT('cn')('edgeNodes.config.firstPending', { latest: 'v7' })).toBe(
      '暂无配置 · v7 下发中',
    );

    fireEvent.mouseEnter(within(rowOf('bj-01')).getByText('failed v7'));
    expect(await screen.findByText(/unknown directive "proxy_passs"/)).toBeTruthy();

    fireEvent.mouseEnter(within(rowOf('sh-01')).getByText('Online'));
    // Counted in seconds: the fixture was made 12 s before the test, which a loaded machine stretches.
    expect(await screen.findByText(/^Last heartbeat \d+ s ago/)).toBeTruthy();
  });

  it('shows a degraded node apart from online and offline, with the reason its agent gave', async () => {
    fakeApi(answers);
    renderWithApp(<EdgeNodeList />);
    await screen.findByText('wh-01');
    expect(within(rowOf('wh-01')).queryByText('Online')).toBeNull();
    fireEvent.mouseEnter(within(rowOf('wh-01')).getByText('Degraded'));
    expect(await screen.findByText('nginx could not be restarted; the agent keeps trying')).toBeTruthy();
    expect(screen.getByText('nginx: [emerg] still could not bind()')).toBeTruthy();
  });

  it('sends the filters and the search to the server', async () => {
    const { calls } = fakeApi(answers);
    renderWithApp(<EdgeNodeList />);
    await screen.findByText('sh-01');
    fireEvent.change(screen.getByPlaceholderText('Search node name / IP address'), {
      target: { value: ' 203.0 ' },
    });
    fireEvent.keyDown(screen.getByPlaceholderText('Search node name / IP address'), { key: 'Enter' });
    await waitFor(() =>
      expect(
        calls.some(
          (c) => c.path === EDGE_ADMIN_PATHS.nodeList && (c.body as { keyword?: string }).keyword === '203.0',
        ),
      ).toBe(true),
    );
  });

  async function openAddNode() {
    renderWithApp(<EdgeNodeList />);
    await screen.findByText('sh-01');
    fireEvent.click(button('Add node'));
    return findDialog();
  }

  it('refuses an empty name and a bad IPv4 with the contract’s messages, sending nothing', async () => {
    const { calls } = fakeApi(answers);
    const dialog = await openAddNode();
    fireEvent.click(button('Save', dialog));
    expect(await within(dialog).findByText('Node name cannot be empty', {}, slow)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('IPv4 address'), { target: { value: '198.51.100' } });
    expect(await within(dialog).findByText('IP format error', {}, slow)).toBeTruthy();
    expect(calls.some((c) => c.path === EDGE_ADMIN_PATHS.nodeSave)).toBe(false);
  });

  it('shows the install command once after a node is created', async () => {
    const { calls } = fakeApi(answers);
    const dialog = await openAddNode();
    fireEvent.change(within(dialog).getByLabelText('Node name'), { target: { value: ' hz-01 ' } });
    fireEvent.change(within(dialog).getByLabelText('IPv4 address'), { target: { value: '198.51.100.7' } });
    fireEvent.click(button('Save', dialog));

    await waitFor(() => expect(calls.some((c) => c.path === EDGE_ADMIN_PATHS.nodeSave)).toBe(true));
    expect(calls.find((c) => c.path === EDGE_ADMIN_PATHS.nodeSave)!.body).toEqual({
      name: 'hz-01',
      ipv4: '198.51.100.7',
      ipv6: '',
      listenAddress: '',
      groupId: 1,
      line: 'main',
      enabled: true,
    });

    const command = await screen.findByTestId('install-command');
    expect(command.textContent).toContain(created.installCommand);
    expect(screen.getByText(/shown only this once/)).toBeTruthy();
    fireEvent.click(button('I have saved it'));
    await waitFor(() => expect(screen.queryByTestId('install-command')).toBeNull());
    expect(screen.queryByText(created.installCommand!)).toBeNull();
  });

  it('rotates a token only after a warning, then shows the new install command', async () => {
    const rotated: EdgeNodeSaved = { node: base, token: 'tok_new', installCommand: 'install tok_new' };
    const { calls } = fakeApi({ ...answers, [EDGE_ADMIN_PATHS.nodeToken]: rotated });
    renderWithApp(<EdgeNodeList />);
    await screen.findByText('sh-01');
    fireEvent.click(button('Rotate token', rowOf('sh-01')));
    expect(await screen.findByText(/the agent using it is cut off immediately/)).toBeTruthy();
    expect(calls.some((c) => c.path === EDGE_ADMIN_PATHS.nodeToken)).toBe(false);
    fireEvent.click(button('Rotate token', document.querySelector<HTMLElement>('.ant-modal-confirm')!));
    expect((await screen.findByTestId('install-command')).textContent).toContain('install tok_new');
    expect(calls.find((c) => c.path === EDGE_ADMIN_PATHS.nodeToken)!.body).toEqual({ id: 1 });
  });

  it('offers a retry when the list cannot be loaded', async () => {
    fakeApi({ [EDGE_ADMIN_PATHS.groupList]: page(groups) });
    renderWithApp(<EdgeNodeList />);
    expect(await screen.findByText('The nodes could not be loaded')).toBeTruthy();
    fakeApi(answers);
    fireEvent.click(button('Retry'));
    expect(await screen.findByText('sh-01')).toBeTruthy();
  });
});
