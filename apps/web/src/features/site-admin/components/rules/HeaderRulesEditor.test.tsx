// @vitest-environment jsdom
import type { HeaderRule } from '@nimbus/contract';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { Button, Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { HeaderRulesEditor } from '@/features/site-admin/components/rules/HeaderRulesEditor';
import { renderWithApp, setUpComponentTests } from '@/shared/test/render';

configure({ asyncUtilTimeout: 5_000 });

function Harness({ initial, onValid }: { initial: HeaderRule[]; onValid: (rules: HeaderRule[]) => void }) {
  const [form] = Form.useForm();
  return (
    <Form form={form} initialValues={{ requestHeaders: initial }}>
      <HeaderRulesEditor name="requestHeaders" label="Request headers" help="help" />
      <Button
        onClick={() =>
          void form
            .validateFields()
            .then(() => onValid(form.getFieldValue('requestHeaders') as HeaderRule[]))
            .catch(() => undefined)
        }
      >
        Check
      </Button>
      <Button onClick={() => form.resetFields()}>Reset</Button>
    </Form>
  );
}

const rule = (extra: Partial<HeaderRule> = {}): HeaderRule => ({
  action: 'set',
  name: 'X-A',
  content: 'a',
  remark: '',
  ...extra,
});

describe('HeaderRulesEditor', { timeout: 30_000 }, () => {
  setUpComponentTests();

  it('adds a row, and refuses a name and a content with the contract’s messages', async () => {
    const onValid = vi.fn();
    renderWithApp(<Harness initial={[]} onValid={onValid} />);
    fireEvent.click(screen.getByRole('button', { name: /Add a rule/ }));
    fireEvent.change(await screen.findByLabelText('Header name of rule 1'), { target: { value: 'X Bad' } });
    fireEvent.change(screen.getByLabelText('Content of rule 1'), { target: { value: '中文' } });
    expect(
      await screen.findByText('A header name may hold only digits, letters, - and _, up to 100 characters'),
    ).toBeTruthy();
    expect(
      await screen.findByText('Header content must be 1-1000 characters, without Chinese or line breaks'),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Header name of rule 1'), { target: { value: 'Host' } });
    expect(await screen.findByText('The edge manages this header: it cannot be customised')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(onValid).not.toHaveBeenCalled();
  });

  it('lets a delete rule go without content', async () => {
    const onValid = vi.fn();
    renderWithApp(
      <Harness initial={[rule({ action: 'delete', name: 'X-Powered-By', content: '' })]} onValid={onValid} />,
    );
    expect((screen.getByLabelText('Content of rule 1') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledOnce());
    expect(onValid.mock.calls[0]![0]).toEqual([
      rule({ action: 'delete', name: 'X-Powered-By', content: '' }),
    ]);
  });

  it('edits the rules one per line, names a bad line, and shows the parsed rules as rows again', async () => {
    const onValid = vi.fn();
    renderWithApp(<Harness initial={[rule({ remark: 'kept' })]} onValid={onValid} />);
    fireEvent.click(screen.getByText('One per line'));
    const text = (await screen.findByLabelText('Request headers (one per line)')) as HTMLTextAreaElement;
    expect(text.value).toBe('X-A: a');

    fireEvent.change(text, { target: { value: 'X-A: a\nX-B' } });
    expect(
      await screen.findByText(
        'Line 2 has no colon: write "Name: content", or start the line with - to delete',
      ),
    ).toBeTruthy();
    fireEvent.change(text, { target: { value: 'X-A: a\n+X-B: 中' } });
    expect(
      await screen.findByText(
        'Line 2: Header content must be 1-1000 characters, without Chinese or line breaks',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByText('Rows'));
    expect(screen.queryByLabelText('Header name of rule 1')).toBeNull();

    fireEvent.change(text, { target: { value: 'X-A: a\n+X-B: b\n-Server' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledOnce());
    expect(onValid.mock.calls[0]![0]).toEqual([
      rule({ remark: 'kept' }),
      rule({ action: 'add', name: 'X-B', content: 'b' }),
      rule({ action: 'delete', name: 'Server', content: '' }),
    ]);
    fireEvent.click(screen.getByText('Rows'));
    expect(((await screen.findByLabelText('Header name of rule 3')) as HTMLInputElement).value).toBe(
      'Server',
    );
  });

  it('shows the rules as saved again when the form is reset in the one-per-line mode', async () => {
    renderWithApp(<Harness initial={[rule()]} onValid={vi.fn()} />);
    fireEvent.click(screen.getByText('One per line'));
    const text = (await screen.findByLabelText('Request headers (one per line)')) as HTMLTextAreaElement;
    fireEvent.change(text, { target: { value: 'X-B: b' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    // The reset mounts the field anew: ask for the text box again.
    const shown = () =>
      (screen.getByLabelText('Request headers (one per line)') as HTMLTextAreaElement).value;
    await waitFor(() => expect(shown()).toBe('X-A: a'));
  });
});
