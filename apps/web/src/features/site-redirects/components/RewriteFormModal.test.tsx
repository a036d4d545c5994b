// @vitest-environment jsdom
import { SITE_PATHS, SITE_REDIRECT_PATHS as PATHS } from '@nimbus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { RewriteFormModal, type RewriteEditing } from '@/features/site-redirects/components/RewriteFormModal';
import { rewriteRow, sitePage } from '@/features/site-redirects/components/test-fixtures';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const rule = rewriteRow(4, { match: 'regex', source: '^/items/(\\d+)$', target: '/item/$1', status: 308 });

/** The list's way of using the dialog: one instance, opened for one rule, then for a new one. */
function Harness({ first }: { first: RewriteEditing }) {
  const [editing, setEditing] = useState<RewriteEditing>(first);
  return (
    <>
      <button onClick={() => setEditing(undefined)}>close</button>
      <button onClick={() => setEditing({})}>add</button>
      <RewriteFormModal editing={editing} onClose={() => setEditing(undefined)} />
    </>
  );
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const answers = { [SITE_PATHS.list]: sitePage(['a.example.com']), [PATHS.rewriteSave]: rewriteRow(9) };

describe('RewriteFormModal', { timeout: 60_000 }, () => {
  setUpComponentTests();

  it('starts each opening from what it is opened for: "Add" after "Edit" is blank', async () => {
    fakeApi(answers);
    renderWithApp(<Harness first={{ rule }} />);
    await waitFor(() => expect(field('Source').value).toBe('^/items/(\\d+)$'));
    expect(screen.getByText(/Regex: matches the path with a PCRE regex/)).toBeTruthy();
    expect(screen.getByText(/308: permanent, and the browser repeats/)).toBeTruthy();
    fireEvent.click(screen.getByText('close'));
    fireEvent.click(screen.getByText('add'));
    await waitFor(() => expect(field('Source').value).toBe(''));
    expect(field('Target').value).toBe('');
    expect(screen.getByText(/Prefix: redirects any path that starts with the source/)).toBeTruthy();
    expect(screen.getByText(/301: permanent; browsers and search engines/)).toBeTruthy();
  });

  it('refuses what the contract refuses, naming the field, and sends nothing', async () => {
    const { calls } = fakeApi(answers);
    renderWithApp(<Harness first={{ siteId: 1 }} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Source cannot be empty')).toBeTruthy();
    expect(screen.getByText('Target cannot be empty')).toBeTruthy();
    fireEvent.change(field('Source'), { target: { value: 'no-slash' } });
    fireEvent.change(field('Target'), { target: { value: '/x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('The source path must start with /; a regex must use syntax the edges support'),
    ).toBeTruthy();
    expect(calls.filter((c) => c.path === PATHS.rewriteSave)).toEqual([]);
  });

  it('saves the rule as the contract reads it', async () => {
    const { calls } = fakeApi(answers);
    renderWithApp(<Harness first={{ siteId: 1 }} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByText('Exact'));
    fireEvent.change(field('Source'), { target: { value: ' /old.html ' } });
    fireEvent.change(field('Target'), { target: { value: 'https://www.example.com/new.html' } });
    fireEvent.click(within(dialog).getByText('307 Temporary (same method)'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === PATHS.rewriteSave).map((c) => c.body)).toEqual([
        {
          siteId: 1,
          match: 'exact',
          source: '/old.html',
          target: 'https://www.example.com/new.html',
          status: 307,
          keepQuery: true,
          enabled: true,
          remark: '',
        },
      ]),
    );
  });
});
