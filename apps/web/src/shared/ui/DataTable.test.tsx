// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { themeSettings } from '@/shared/settings/theme-settings';
import { DataTable, PAGE_SIZE_OPTIONS } from './DataTable';
import { stubBrowserApis } from './test-setup';

interface Row {
  id: number;
  name: string;
}
const columns = [{ title: 'Name', dataIndex: 'name', key: 'name' }];
const rows: Row[] = [
  { id: 1, name: 'a.example.com' },
  { id: 2, name: 'b.example.com' },
];

describe('DataTable', () => {
  beforeAll(async () => {
    stubBrowserApis();
    await i18n.changeLanguage('en');
  });
  beforeEach(() => themeSettings.reset());
  afterEach(cleanup);

  it('offers the page sizes of spec §9', () => {
    expect(PAGE_SIZE_OPTIONS).toEqual(['10', '20', '30', '40', '50', '100', '200']);
  });

  it('applies the table preferences (border, stripe, size, align)', () => {
    themeSettings.update({ table: { border: true, stripe: true, size: 'small', align: 'center' } });
    const { container } = render(<DataTable<Row> rowKey="id" columns={columns} dataSource={rows} />);
    expect(container.querySelector('.ant-table-bordered')).not.toBeNull();
    expect(container.querySelector('.nimbus-data-table--stripe')).not.toBeNull();
    expect(container.querySelector('.ant-table-small')).not.toBeNull();
    const cell = screen.getByText('a.example.com').closest('td')!;
    expect(cell.style.textAlign).toBe('center');
  });

  it('shows the empty state', () => {
    render(<DataTable<Row> rowKey="id" columns={columns} dataSource={[]} emptyText="No domains yet" />);
    expect(screen.getByText('No domains yet')).toBeTruthy();
  });

  it('pages on the server: shows the total and reports the chosen page', () => {
    const onChange = vi.fn();
    render(
      <DataTable<Row>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        paging={{ page: 1, pageSize: 20, total: 45, onChange }}
      />,
    );
    expect(screen.getByText('45 items in total')).toBeTruthy();
    fireEvent.click(screen.getByTitle('2'));
    expect(onChange).toHaveBeenCalledWith(2, 20);
  });
});
