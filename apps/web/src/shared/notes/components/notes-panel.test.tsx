import type { CurrentUser, Note } from '@portal/contract';
import { EntityType, NOTE_MESSAGES } from '@portal/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { $createParagraphNode, $createTextNode, $getRoot, type LexicalEditor } from 'lexical';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider, type Session } from '../../session';
import { json, renderWithProviders, stubServer } from '../../test/render';
import { NotesErrorBoundary } from './notes-error-boundary';
import { NotesPanel } from './notes-panel';

afterEach(() => vi.unstubAllGlobals());

function note(overrides: Partial<Note>): Note {
  return {
    id: 'note-1',
    noteContent: 'Driver is on site',
    noteHTML: '<p>Driver is on site</p>',
    noteJSON: {
      root: {
        type: 'root',
        version: 1,
        children: [
          {
            type: 'paragraph',
            version: 1,
            children: [{ type: 'text', version: 1, text: 'Driver is on site' }],
          },
        ],
      },
    },
    createDateTime: '2026-11-20T15:30:00.000Z',
    updateDateTime: '2026-11-20T15:30:00.000Z',
    allowPortalAccess: true,
    isReadonly: false,
    entityId: 'ship-1',
    entityType: 5,
    entityDescription: 'Shipment 1000123',
    creator: {
      id: 'u1',
      firstName: 'Dana',
      lastName: 'Whitfield',
      profilePicture: null,
      companyName: 'Red River',
    },
    mentions: [],
    canEdit: true,
    canDelete: true,
    ...overrides,
  };
}

const notes = [
  note({}),
  note({
    id: 'note-2',
    noteHTML: '<p>Customer disputes the detention</p>',
    allowPortalAccess: false,
    canEdit: false,
    canDelete: false,
    creator: {
      id: 'u2',
      firstName: 'Tom',
      lastName: 'Becker',
      profilePicture: null,
      companyName: 'Meridian',
    },
  }),
  note({
    id: 'note-3',
    noteHTML: '<p>Delivery confirmed</p>',
    isReadonly: true,
    canEdit: false,
    canDelete: false,
  }),
];

function server(answers: { post?: number; put?: number; delete?: number; get?: number } = {}) {
  return stubServer(({ url, method }) => {
    if (method === 'GET' && url.startsWith('/api/v2/notes?'))
      return answers.get
        ? json(
            answers.get,
            answers.get === 500 ? { status: 500, title: 'Database unavailable' } : {},
          )
        : json(200, { items: notes, totalCount: notes.length });
    if (method === 'POST' && url === '/api/v2/notes')
      return answers.post
        ? json(answers.post, {
            status: answers.post,
            title: 'One or more validation errors occurred.',
            errors: { noteContent: ['noteContent must not have more than 10000 characters'] },
          })
        : json(201, { data: note({ id: 'note-9' }) });
    if (method === 'PUT' && url === '/api/v2/notes/note-1')
      return answers.put
        ? json(answers.put, { status: answers.put, title: 'No' })
        : json(200, { data: note({}) });
    if (method === 'DELETE' && url === '/api/v2/notes/note-1')
      return answers.delete
        ? json(answers.delete, { status: answers.delete, title: 'No' })
        : json(200, { resultId: 'note-1' });
    return undefined;
  });
}

function sessionOf(companyKind: CurrentUser['companyKind']): Session {
  return {
    user: { roles: ['Admin'], permissions: ['CarrierPortal'], companyKind } as CurrentUser,
    driverMode: false,
    signInNotice: false,
    via: 'session',
    idleTimeoutSeconds: 3600,
    expiresAt: null,
  };
}

const show = (companyKind: CurrentUser['companyKind'] = 'carrier') =>
  renderWithProviders(
    <SessionProvider session={sessionOf(companyKind)}>
      <NotesPanel entity={{ type: EntityType.SHIPMENT, id: 'ship-1' }} />
    </SessionProvider>,
  );

/** Writes text into a Lexical editor the way typing would leave it. */
async function write(textbox: HTMLElement, text: string) {
  const editor = (textbox as HTMLElement & { __lexicalEditor: LexicalEditor }).__lexicalEditor;
  await act(async () => {
    editor.update(
      () => {
        const root = $getRoot();
        root.clear();
        root.append($createParagraphNode().append($createTextNode(text)));
      },
      { discrete: true },
    );
  });
}

describe('NotesPanel', () => {
  it('shows notes with "Internal Note" on a tint, and no edit or delete on read-only ones', async () => {
    server();
    show();
    const internal = await screen.findByRole('article', { name: 'Internal note by Tom Becker' });
    expect(within(internal).getByText(NOTE_MESSAGES.internalNote)).toBeTruthy();
    expect(getComputedStyle(internal).backgroundColor).toBe('rgba(255, 179, 0, 0.12)');
    const own = screen.getAllByRole('article', { name: 'Note by Dana Whitfield' });
    expect(within(own[0]!).getByRole('button', { name: 'Edit comment' })).toBeTruthy();
    expect(within(own[1]!).queryByRole('button', { name: 'Edit comment' })).toBeNull();
    expect(within(own[1]!).queryByRole('button', { name: 'Delete comment' })).toBeNull();
    expect(within(own[0]!).getByTestId('note-content').textContent).toBe('Driver is on site');
  });

  it('keeps Send disabled until the note has non-blank text, then sends it and says Creating Note...', async () => {
    const { calls } = server();
    show();
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    const textbox = screen.getByRole('textbox', { name: 'New comment' });
    await write(textbox, '   ');
    expect(send.disabled).toBe(true);
    await write(textbox, 'Please send the lumper receipt');
    await waitFor(() => expect(send.disabled).toBe(false));
    fireEvent.click(send);
    expect(await screen.findByText(NOTE_MESSAGES.creating)).toBeTruthy();
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const posted = calls.find((call) => call.method === 'POST')!.body as Record<string, unknown>;
    expect(posted).toMatchObject({
      entityId: 'ship-1',
      entityType: 5,
      noteContent: 'Please send the lumper receipt',
      notifyUsers: [],
      allowPortalAccess: true,
    });
    expect(posted.noteHTML).toContain('Please send the lumper receipt');
    expect((posted.noteJSON as { root: unknown }).root).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(NOTE_MESSAGES.creating)).toBeNull());
  });

  it("lets the operator's staff mark a note internal, and no one else", async () => {
    const { calls } = server();
    show('operator');
    fireEvent.click(screen.getByRole('switch', { name: NOTE_MESSAGES.internalNote }));
    await write(screen.getByRole('textbox', { name: 'New comment' }), 'Carrier disputes detention');
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    await waitFor(() => expect(send.disabled).toBe(false));
    fireEvent.click(send);
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')!.body).toMatchObject({
      noteContent: 'Carrier disputes detention',
      allowPortalAccess: false,
    });
  });

  it('offers no internal switch to a carrier', () => {
    server();
    show('carrier');
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
    expect(screen.queryByRole('switch', { name: NOTE_MESSAGES.internalNote })).toBeNull();
  });

  it('says "Failed to save comment" with the reason when the note is refused', async () => {
    server({ post: 400 });
    show();
    await write(screen.getByRole('textbox', { name: 'New comment' }), 'x');
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    await waitFor(() => expect(send.disabled).toBe(false));
    fireEvent.click(send);
    expect(await screen.findByText(NOTE_MESSAGES.createFailed)).toBeTruthy();
    expect(screen.getByText('noteContent must not have more than 10000 characters')).toBeTruthy();
  });

  it('edits inline with Update and Cancel, and says how it went', async () => {
    server();
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit comment' }));
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    await write(screen.getByRole('textbox', { name: 'Edit comment' }), 'Driver left the site');
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(NOTE_MESSAGES.updated)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Update' })).toBeNull());

    server({ put: 500 });
    fireEvent.click((await screen.findAllByRole('button', { name: 'Edit comment' }))[0]!);
    await write(screen.getByRole('textbox', { name: 'Edit comment' }), 'again');
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(NOTE_MESSAGES.updateFailed)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
  });

  it('deletes with Deleting Note... then "Successfully removed comment" or "Can\'t delete this comment"', async () => {
    server();
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete comment' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(NOTE_MESSAGES.deleted)).toBeTruthy();

    server({ delete: 403 });
    fireEvent.click((await screen.findAllByRole('button', { name: 'Delete comment' }))[0]!);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(NOTE_MESSAGES.deleteFailed)).toBeTruthy();
  });

  it('says why the notes could not be loaded, and "Unable to retrieve notes" in their place', async () => {
    server({ get: 500 });
    show();
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
    expect(screen.getByText(NOTE_MESSAGES.panelCrashed)).toBeTruthy();
  });

  it('falls back to "Request not successful" when the failure says nothing', async () => {
    server({ get: 502 });
    show();
    expect(await screen.findByText('Request not successful')).toBeTruthy();
  });

  it('shows "Unable to retrieve notes" when the panel crashes', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const Crash = () => {
      throw new Error('boom');
    };
    renderWithProviders(
      <NotesErrorBoundary>
        <Crash />
      </NotesErrorBoundary>,
    );
    expect(screen.getByText(NOTE_MESSAGES.panelCrashed)).toBeTruthy();
  });
});
