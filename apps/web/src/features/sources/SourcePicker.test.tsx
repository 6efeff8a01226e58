import type { Source } from '@quire/contracts';
import { useState } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ensureLocale } from '../../i18n/i18n';
import { FakeWebSocket } from '../../test/fake-websocket';
import { json, stubFetch } from '../../test/fetch-stub';
import { act, fireEvent, render, screen, within } from '../../test/render';
import { signIn } from '../../test/session';
import { aSource } from '../../test/sources';
import { isVisible } from '../../test/visible';
import { SourcePicker } from './SourcePicker';

const DOCUMENTS: Source[] = [
  aSource({ id: 'd-ready', name: 'Ready.pdf', created_at: '2026-03-03T00:00:00Z' }),
  aSource({
    id: 'd-reading',
    name: 'Reading.pdf',
    state: 'processing',
    progress: 45,
    created_at: '2026-03-02T00:00:00Z',
  }),
  aSource({
    id: 'd-failed',
    name: 'Broken.pdf',
    state: 'failed',
    error_code: 'upload_error_high_no_content',
    created_at: '2026-03-01T00:00:00Z',
  }),
];
const WEBSITES: Source[] = [aSource({ id: 'w-ready', name: 'An article', type: 'website' })];

/** The document service with the lists above, over the real API client; the live connection is a fake one. */
function serveLibrary() {
  stubFetch((call) => {
    if (call.url === '/doc/documents') return json(200, { data: DOCUMENTS });
    if (call.url === '/doc/websites') return json(200, { data: WEBSITES });
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
}

function Harness({ onChange }: { onChange: (ids: string[]) => void }) {
  const [selected, setSelected] = useState<string[]>([]);
  return (
    <SourcePicker
      selected={selected}
      onChange={(ids) => {
        setSelected(ids);
        onChange(ids);
      }}
    />
  );
}

const option = (id: string) => {
  const row = document.querySelector<HTMLElement>(`[data-testid="source-picker-option"][data-source-id="${id}"]`);
  if (!row) throw new Error(`no option for ${id}`);
  return { row, box: within(row).getByRole('checkbox') as HTMLInputElement };
};

beforeAll(async () => {
  await ensureLocale('en', 'full');
});

beforeEach(() => {
  signIn();
  serveLibrary();
});

describe('SourcePicker', () => {
  it('lets only usable sources be chosen; the others are disabled and say why', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    expect(((await screen.findByRole('checkbox', { name: /Ready\.pdf/ })) as HTMLInputElement).disabled).toBe(false);
    expect(screen.getByRole('tab', { name: 'My documents', selected: true }).tabIndex).toBe(0);

    expect(option('d-ready').box.disabled).toBe(false);
    expect(option('d-reading').box.disabled).toBe(true);
    expect(option('d-failed').box.disabled).toBe(true);
    expect(option('d-reading').row.textContent).toContain('Reading 45%');
    expect(option('d-failed').row.textContent).toContain(
      'Failed: Not enough relevant information could be extracted from this source.',
    );
    expect(screen.queryByText('An article')).toBeNull();

    fireEvent.click(option('d-reading').box);
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(option('d-ready').box);
    expect(onChange).toHaveBeenLastCalledWith(['d-ready']);
    expect(option('d-ready').box.checked).toBe(true);
    expect(screen.getByTestId('source-picker-count').textContent).toBe('1 selected');
  });

  it('shows documents and articles under “My sources” and keeps one selection across tabs', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    fireEvent.click(await screen.findByRole('checkbox', { name: /Ready\.pdf/ }));
    fireEvent.click(screen.getByRole('tab', { name: 'My sources' }));
    expect(option('d-ready').box.checked).toBe(true);
    fireEvent.click(option('w-ready').box);
    expect(onChange).toHaveBeenLastCalledWith(['d-ready', 'w-ready']);
    expect(isVisible(within(option('w-ready').row).getByText('Article'))).toBe(true);
    fireEvent.click(option('d-ready').box);
    expect(onChange).toHaveBeenLastCalledWith(['w-ready']);
  });

  it('moves between the tabs with the arrow keys', async () => {
    render(<Harness onChange={() => {}} />);
    const documents = await screen.findByRole('tab', { name: 'My documents' });
    documents.focus();
    fireEvent.keyDown(documents, { key: 'ArrowRight' });
    const sources = screen.getByRole('tab', { name: 'My sources' });
    expect(sources.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(sources);
  });

  it('enables a source as soon as the live connection reports it ready', async () => {
    render(<Harness onChange={() => {}} />);
    await screen.findByRole('checkbox', { name: /Ready\.pdf/ });
    expect(option('d-reading').box.disabled).toBe(true);
    const socket = FakeWebSocket.latest;
    if (!socket) throw new Error('the picker opened no live connection');
    act(() => socket.accept());
    act(() => socket.receive({ type: 'source.updated', source: { ...DOCUMENTS[1], state: 'usable', progress: 100 } }));
    expect(option('d-reading').box.disabled).toBe(false);
    expect(option('d-reading').row.textContent).not.toContain('Reading 45%');
  });
});
