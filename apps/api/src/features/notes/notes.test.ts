import { EntityType, MENTION_SUGGESTION_LIMIT } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { editorState } from '../../../test/note-editor';
import { makePaperworkWorld, type PaperworkWorld } from '../../../test/paperwork-world';
import { makeUser } from '../../seed/factories';

let t: TestApp;
let w: PaperworkWorld;

beforeAll(async () => {
  t = await startTestApp();
  w = await makePaperworkWorld(t.db);
  // The dispatcher reads mentions in the portal only.
  await t.db.system((tx) =>
    tx
      .insertInto('notificationPreferences')
      .values({
        userId: w.people.dispatcher.id,
        companyId: w.carrier.id,
        notificationKind: 'NoteMention',
        byEmail: false,
        inApp: true,
      })
      .execute(),
  );
});
afterAll(() => t.close());

type User = { id: string; companyId: string };

function noteBody(
  entity: { type: number; id: string },
  text: string,
  extra: Record<string, unknown> = {},
) {
  return {
    entityId: entity.id,
    entityType: entity.type,
    entityDescription: 'anything the client says',
    entityLink: '/somewhere',
    noteContent: text,
    noteHTML: `<p>${text}</p>`,
    noteJSON: editorState(text),
    notifyUsers: [],
    ...extra,
  };
}

const addNote = (user: User, body: object, headers: Record<string, string> = {}) =>
  t.injectAs(user, { method: 'POST', url: '/api/v2/notes', payload: body, headers });
const get = (user: User, url: string) => t.injectAs(user, { method: 'GET', url });

const shipment = () => ({ type: EntityType.SHIPMENT, id: w.delivered.shipment.shipmentNumber });

describe('POST /api/v2/notes with mentions', () => {
  it('saves the note, records the mentions and notifies each mentioned person in the portal and by e-mail', async () => {
    const { dispatcher, customerContact, staff } = w.people;
    const text = ' please send the signed delivery receipt ';
    const response = await addNote(
      w.users.carrierUser,
      noteBody(shipment(), text, {
        noteHTML: `<p><span data-lexical-mention="true" data-user-id="${dispatcher.id}" class="mention">@Dana Whitfield</span> please send the signed delivery receipt</p>`,
        noteJSON: editorState(text, [
          { id: dispatcher.id, name: 'Dana Whitfield' },
          { id: customerContact.id, name: 'Danielle Moreau' },
          { id: staff.id, name: 'Luis Dansby' },
        ]),
        notifyUsers: [
          { id: dispatcher.id, email: 'spoofed@example.test' },
          { id: customerContact.id },
          { id: staff.id },
        ],
      }),
    );
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({
      noteContent: 'please send the signed delivery receipt',
      allowPortalAccess: true,
      isReadonly: false,
      entityId: w.delivered.shipment.id,
      entityType: EntityType.SHIPMENT,
      entityDescription: `Shipment ${w.delivered.shipment.shipmentNumber}`,
      creator: { id: w.users.carrierUser.id, companyName: 'Prairie Haulers' },
      canEdit: true,
      canDelete: true,
    });
    expect(data.mentions).toEqual([
      {
        id: dispatcher.id,
        mention: '@Dana Whitfield',
        email: dispatcher.loginEmail,
        applicationAccess: true,
      },
      expect.objectContaining({ id: customerContact.id, mention: '@Danielle Moreau' }),
      expect.objectContaining({ id: staff.id, mention: '@Luis Dansby' }),
    ]);

    const notifications = await t.db.system((tx) =>
      tx
        .selectFrom('notifications')
        .select(['userId', 'notificationKind', 'title', 'body', 'link'])
        .where('notificationKind', '=', 'NoteMention')
        .execute(),
    );
    expect(notifications.map((row) => row.userId).sort()).toEqual(
      [dispatcher.id, customerContact.id, staff.id].sort(),
    );
    const author = `${w.users.carrierUser.firstName} ${w.users.carrierUser.lastName}`;
    expect(notifications[0]).toMatchObject({
      title: `${author} mentioned you`,
      body: `On Shipment ${w.delivered.shipment.shipmentNumber}: please send the signed delivery receipt`,
      link: `/all-shipments/${w.delivered.shipment.shipmentNumber}/preview/details`,
    });

    const emails = await t.db.system((tx) =>
      tx.selectFrom('emailOutbox').select(['toAddress', 'subject', 'textBody']).execute(),
    );
    // The dispatcher asked for no e-mail; the address given by the client is never used.
    expect(emails.map((row) => row.toAddress).sort()).toEqual(
      [customerContact.loginEmail, staff.loginEmail].sort(),
    );
    expect(emails[0]!.subject).toBe(
      `${author} mentioned you on Shipment ${w.delivered.shipment.shipmentNumber}`,
    );
    expect(emails[0]!.textBody).toContain(
      `http://portal.test/all-shipments/${w.delivered.shipment.shipmentNumber}/preview/details`,
    );
  });

  it('keeps the formatting and drops anything that runs, loads or navigates', async () => {
    const hostile = [
      '<h1 class="editor-heading-h1">Detention</h1>',
      '<script>alert(1)</script>',
      '<img src=x onerror="alert(2)">',
      '<ul><li value="1">first<ul><li value="1">nested</li></ul></li></ul>',
      '<ol start="3"><li>three</li></ol>',
      '<blockquote>quoted</blockquote>',
      '<pre data-language="js"><code>let wait = 4;</code></pre>',
      '<p style="font-family: Georgia; position: fixed">styled</p>',
      '<a href="javascript:alert(3)">bad link</a>',
      '<a href="https://example.com/pod">good link</a>',
      '<iframe src="https://evil.test"></iframe>',
      '<p onclick="steal()">click</p>',
    ].join('');
    const response = await addNote(
      w.users.carrierUser,
      noteBody(shipment(), 'formatted', { noteHTML: hostile }),
    );
    expect(response.statusCode).toBe(201);
    const html: string = response.json().data.noteHTML;
    expect(html).toBe(
      [
        '<h1 class="editor-heading-h1">Detention</h1>',
        '',
        '',
        '<ul><li value="1">first<ul><li value="1">nested</li></ul></li></ul>',
        '<ol start="3"><li>three</li></ol>',
        '<blockquote>quoted</blockquote>',
        '<pre data-language="js"><code>let wait = 4;</code></pre>',
        '<p style="font-family:Georgia">styled</p>',
        '<a target="_blank" rel="noopener noreferrer">bad link</a>',
        '<a href="https://example.com/pod" target="_blank" rel="noopener noreferrer">good link</a>',
        '',
        '<p>click</p>',
      ].join(''),
    );
    expect(html).not.toMatch(/script|onerror|onclick|javascript|iframe/i);
  });

  it.each([
    [{ noteContent: '   \n ' }, 'noteContent', 'noteContent must not be blank'],
    [
      { noteJSON: { nothing: true } },
      'noteJSON',
      "noteJSON must be the editor's state (an object with a root)",
    ],
    [
      { noteJSON: 'text' },
      'noteJSON',
      "noteJSON must be the editor's state (an object with a root)",
    ],
    [
      { noteContent: 'x'.repeat(10_001) },
      'noteContent',
      'noteContent must not have more than 10000 characters',
    ],
    [{ entityType: 3 }, 'entityType', 'entityType'],
    [{ color: 'red' }, 'color', 'color is not a known field'],
    [
      { allowPortalAccess: false },
      'allowPortalAccess',
      "Only the operator's staff can write internal notes",
    ],
  ])('refuses a bad note naming the field (%#)', async (change, field, message) => {
    const before = await countNotes();
    const response = await addNote(w.users.carrierUser, {
      ...noteBody(shipment(), 'text'),
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]?.[0] ?? '').toContain(message);
    expect(await countNotes()).toBe(before);
  });

  it('refuses a megabyte of text with a clear message', async () => {
    const response = await addNote(
      w.users.carrierUser,
      noteBody(shipment(), 'a'.repeat(1024 * 1024)),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json().detail).toMatch(/too large/i);
  });

  it('refuses a mention of someone outside the shipment, and a mention over 75 characters', async () => {
    const outsider = await addNote(
      w.users.carrierUser,
      noteBody(shipment(), 'hello', { notifyUsers: [{ id: w.people.otherCarrierDan.id }] }),
    );
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().errors['notifyUsers[0].id']).toEqual([
      `notifyUsers[0] cannot be mentioned on shipment ${w.delivered.shipment.shipmentNumber}`,
    ]);
    const long = await addNote(
      w.users.carrierUser,
      noteBody(shipment(), 'hello', {
        notifyUsers: [{ id: w.people.dispatcher.id }],
        noteJSON: editorState('hello', [{ id: w.people.dispatcher.id, name: 'D'.repeat(80) }]),
      }),
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.noteJSON).toEqual([
      'A mention must not be longer than 75 characters',
    ]);
  });

  it("answers 404 for another company's shipment and 403 for freight seen only on the load board", async () => {
    const other = await addNote(w.users.otherCarrierUser, noteBody(shipment(), 'hi'));
    expect(other.statusCode).toBe(404);
    const loadBoard = await addNote(
      w.users.otherCarrierUser,
      noteBody({ type: EntityType.SHIPMENT, id: w.loadBoard.shipment.id }, 'hi'),
    );
    expect(loadBoard.statusCode).toBe(403);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/v2/notes',
      payload: noteBody(shipment(), 'hi'),
    });
    expect(none.statusCode).toBe(401);
  });

  it('answers a retried note with the first answer when it carries the same Idempotency-Key', async () => {
    const before = await countNotes();
    const body = noteBody(shipment(), 'sent twice over a bad connection');
    const first = await addNote(w.users.carrierUser, body, { 'idempotency-key': 'note-1' });
    const second = await addNote(w.users.carrierUser, body, { 'idempotency-key': 'note-1' });
    expect(second.json().data.id).toBe(first.json().data.id);
    expect(await countNotes()).toBe(before + 1);
  });

  it('refuses an Idempotency-Key reused with another note (422), writing nothing', async () => {
    const headers = { 'idempotency-key': 'note-reused-1' };
    const first = await addNote(w.users.carrierUser, noteBody(shipment(), 'the first'), headers);
    expect(first.statusCode).toBe(201);
    const before = await countNotes();
    const reused = await addNote(w.users.carrierUser, noteBody(shipment(), 'another'), headers);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors['Idempotency-Key']).toEqual([
      'This key was already used for a different request',
    ]);
    expect(await countNotes()).toBe(before);
  });
});

async function countNotes() {
  const row = await t.db.system((tx) =>
    tx
      .selectFrom('notes')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  );
  return Number(row.count);
}

describe('reading notes', () => {
  let internalId: string;
  let readonlyId: string;
  beforeAll(async () => {
    const internal = await addNote(
      w.users.operatorUser,
      noteBody(shipment(), 'Carrier was late twice on this lane', {
        allowPortalAccess: false,
        notifyUsers: [{ id: w.people.staff.id }],
      }),
    );
    expect(internal.statusCode).toBe(201);
    internalId = internal.json().data.id;
    const readonly = await t.db.system((tx) =>
      tx
        .insertInto('notes')
        .values({
          entityType: EntityType.SHIPMENT,
          entityId: w.delivered.shipment.id,
          companyId: w.carrier.id,
          noteContent: 'Proof of delivery reviewed; delivery confirmed.',
          noteHtml: '<p>Proof of delivery reviewed; delivery confirmed.</p>',
          isReadonly: true,
          createdBy: w.users.carrierUser.id,
          createdAt: new Date(Date.now() - 86_400_000),
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    readonlyId = readonly.id;
  });

  it('lists the notes on an entity, newest first, by id or number; the answer has items', async () => {
    for (const key of [w.delivered.shipment.id, w.delivered.shipment.shipmentNumber]) {
      const response = await get(w.users.carrierUser, `/api/v2/notes?entityType=5&entityId=${key}`);
      expect(response.statusCode).toBe(200);
      const { items, totalCount } = response.json();
      expect(totalCount).toBe(items.length);
      const times = items.map((item: { createDateTime: string }) => item.createDateTime);
      expect([...times].sort().reverse()).toEqual(times);
      expect(items.at(-1)).toMatchObject({
        id: readonlyId,
        isReadonly: true,
        canEdit: false,
        canDelete: false,
      });
    }
  });

  it('shows internal notes to the operator only, and never notifies people who may not read them', async () => {
    const carrierSees = (
      await get(
        w.users.carrierUser,
        `/api/v2/notes?entityType=5&entityId=${w.delivered.shipment.id}`,
      )
    ).json();
    expect(carrierSees.items.some((item: { id: string }) => item.id === internalId)).toBe(false);
    const operatorSees = (
      await get(
        w.users.operatorUser,
        `/api/v2/notes?entityType=5&entityId=${w.delivered.shipment.id}`,
      )
    ).json();
    expect(operatorSees.items.find((item: { id: string }) => item.id === internalId)).toMatchObject(
      {
        allowPortalAccess: false,
        noteContent: 'Carrier was late twice on this lane',
      },
    );
    const refused = await addNote(
      w.users.operatorUser,
      noteBody(shipment(), 'internal', {
        allowPortalAccess: false,
        notifyUsers: [{ id: w.people.dispatcher.id }],
      }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors['notifyUsers[0].id']).toEqual([
      'notifyUsers[0] cannot read internal notes',
    ]);
    // Nor can a carrier change or delete one, it does not exist for them.
    const change = await t.injectAs(w.users.carrierUser, {
      method: 'DELETE',
      url: `/api/v2/notes/${internalId}`,
    });
    expect(change.statusCode).toBe(404);
  });

  it("lists a third-party invoice's notes and a case's notes in the case-note shape", async () => {
    await addNote(
      w.users.carrierUser,
      noteBody({ type: EntityType.THIRD_PARTY, id: w.invoice.invoiceNumber }, 'POD uploaded'),
    );
    for (const url of [
      `/api/v2/invoices/${w.invoice.id}/notes`,
      `/api/v1/third_party_payer_invoices/${w.invoice.invoiceNumber}/notes`,
    ]) {
      const response = await get(w.users.factoringUser, url);
      expect(response.statusCode).toBe(200);
      expect(
        response.json().items.map((item: { noteContent: string }) => item.noteContent),
      ).toEqual(['POD uploaded']);
    }

    const created = await addNote(
      w.users.carrierUser,
      noteBody({ type: EntityType.CASE, id: w.accessorial.caseNumber }, 'Gate log attached'),
    );
    expect(created.statusCode).toBe(201);
    const page = await get(
      w.users.carrierUser,
      `/api/v2/cases/${w.accessorial.caseNumber}/notes?page=1&pageSize=50`,
    );
    expect(page.statusCode).toBe(200);
    expect(page.json()).toEqual({
      data: [
        {
          id: created.json().data.id,
          content: 'Gate log attached',
          htmlContent: '<p>Gate log attached</p>',
          jsonContent: editorState('Gate log attached'),
          timeStamp: expect.any(String),
          owner: {
            firstName: w.users.carrierUser.firstName,
            lastName: w.users.carrierUser.lastName,
            logoUrl: null,
          },
          creatorLogoURL: null,
          caseId: w.accessorial.id,
          isReadOnly: false,
          allowPortalAccess: true,
          mentions: [],
          canEdit: true,
          canDelete: true,
        },
      ],
      page: 1,
      pageSize: 50,
      totalCount: 1,
    });
    expect(
      (await get(w.users.carrierUser, `/api/v2/cases/${w.accessorial.id}/notes`)).json().pageSize,
    ).toBe(50);
    expect(
      (await get(w.users.carrierUser, `/api/v2/cases/${w.accessorial.id}/notes?pageSize=51`))
        .statusCode,
    ).toBe(400);
  });

  it("answers 404 for another company's entity", async () => {
    for (const url of [
      `/api/v2/notes?entityType=5&entityId=${w.delivered.shipment.id}`,
      `/api/v2/notes?entityType=17&entityId=${w.invoice.invoiceNumber}`,
      `/api/v2/invoices/${w.invoice.id}/notes`,
      `/api/v2/cases/${w.accessorial.caseNumber}/notes`,
      `/api/v2/notes?entityType=6&entityId=${w.accessorial.id}`,
    ]) {
      expect((await get(w.users.otherCarrierUser, url)).statusCode, url).toBe(404);
    }
    expect(
      (await get(w.users.carrierUser, `/api/v2/cases/${w.otherCase.caseNumber}/notes`)).statusCode,
    ).toBe(404);
    expect(
      (await get(w.users.carrierUser, '/api/v2/notes?entityType=11&entityId=1')).statusCode,
    ).toBe(400);
  });
});

describe('changing and deleting notes', () => {
  let noteId: string;
  beforeAll(async () => {
    noteId = (await addNote(w.users.carrierUser, noteBody(shipment(), 'first draft'))).json().data
      .id;
  });

  const update = (user: User, id: string, text: string) =>
    t.injectAs(user, {
      method: 'PUT',
      url: `/api/v2/notes/${id}`,
      payload: {
        noteContent: text,
        noteHTML: `<p>${text}<script>x</script></p>`,
        noteJSON: editorState(text),
      },
    });

  it('lets the author change the note, sanitised again', async () => {
    const response = await update(w.users.carrierUser, noteId, 'second draft');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      id: noteId,
      noteContent: 'second draft',
      noteHTML: '<p>second draft</p>',
      noteJSON: editorState('second draft'),
    });
    const blank = await update(w.users.carrierUser, noteId, ' ');
    expect(blank.statusCode).toBe(400);
  });

  it('refuses a colleague (403), another company (404) and any change to a read-only note (403)', async () => {
    const colleague = await update(w.users.driver, noteId, 'not mine');
    expect(colleague.statusCode).toBe(403);
    expect(colleague.json().detail).toBe('Only the author of a note can change it');
    expect((await update(w.users.otherCarrierUser, noteId, 'x')).statusCode).toBe(404);

    const readonly = await t.db.system((tx) =>
      tx
        .insertInto('notes')
        .values({
          entityType: EntityType.SHIPMENT,
          entityId: w.delivered.shipment.id,
          companyId: w.carrier.id,
          noteContent: 'System note',
          noteHtml: '<p>System note</p>',
          isReadonly: true,
          createdBy: w.users.carrierUser.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    const changed = await update(w.users.carrierUser, readonly.id, 'x');
    expect(changed.statusCode).toBe(403);
    expect(changed.json().detail).toBe('This note is read-only; it cannot be changed');
    const deleted = await t.injectAs(w.users.carrierUser, {
      method: 'DELETE',
      url: `/api/v2/notes/${readonly.id}`,
    });
    expect(deleted.statusCode).toBe(403);
  });

  it('deletes the note for its author: answers resultId, and it leaves the list', async () => {
    expect(
      (
        await t.injectAs(w.users.otherCarrierUser, {
          method: 'DELETE',
          url: `/api/v2/notes/${noteId}`,
        })
      ).statusCode,
    ).toBe(404);
    const response = await t.injectAs(w.users.carrierUser, {
      method: 'DELETE',
      url: `/api/v2/notes/${noteId}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ resultId: noteId });
    const list = (
      await get(
        w.users.carrierUser,
        `/api/v2/notes?entityType=5&entityId=${w.delivered.shipment.id}`,
      )
    ).json();
    expect(list.items.some((item: { id: string }) => item.id === noteId)).toBe(false);
    expect(
      (await t.injectAs(w.users.carrierUser, { method: 'DELETE', url: `/api/v2/notes/${noteId}` }))
        .statusCode,
    ).toBe(404);
  });
});

describe('GET /api/v2/notes/mentionable_users', () => {
  const suggest = (
    user: User,
    query: string,
    entity = `entityType=5&entityId=${w.delivered.shipment.id}`,
  ) => get(user, `/api/v2/notes/mentionable_users?${entity}&query=${encodeURIComponent(query)}`);
  const names = async (user: User, query: string, entity?: string) => {
    const response = await suggest(user, query, entity);
    expect(response.statusCode).toBe(200);
    return response
      .json()
      .data.map(
        (person: { firstName: string; lastName: string }) =>
          `${person.firstName} ${person.lastName}`,
      );
  };

  it('matches the start of the first or last name of people of the companies on the shipment, any case', async () => {
    expect(await names(w.users.carrierUser, 'da')).toEqual([
      'Dana Whitfield',
      'Danielle Moreau',
      'Luis Dansby',
    ]);
    expect(await names(w.users.carrierUser, 'DANS')).toEqual(['Luis Dansby']);
    expect(await names(w.users.carrierUser, 'dana w')).toEqual(['Dana Whitfield']);
    expect(await names(w.users.carrierUser, 'hit')).toEqual([]);
    // Wildcards are only letters here.
    expect(await names(w.users.carrierUser, '%')).toEqual([]);
    const [first] = (await suggest(w.users.carrierUser, 'dana')).json().data;
    expect(first).toEqual({
      id: w.people.dispatcher.id,
      firstName: 'Dana',
      lastName: 'Whitfield',
      profilePictureId: null,
      emailAddresses: [{ value: w.people.dispatcher.loginEmail }],
      companyName: 'Prairie Haulers',
    });
  });

  it('suggests at most 5 and never the caller', async () => {
    await t.db.system(async (tx) => {
      for (let index = 0; index < 6; index++) {
        await makeUser(tx, {
          companyId: w.carrier.id,
          firstName: `Dakota${index}`,
          lastName: 'Lane',
        });
      }
    });
    const all = await names(w.users.carrierUser, 'd');
    expect(all).toHaveLength(MENTION_SUGGESTION_LIMIT);
    const self = `${w.users.carrierUser.firstName} ${w.users.carrierUser.lastName}`;
    expect(await names(w.users.carrierUser, w.users.carrierUser.firstName)).not.toContain(self);
  });

  it('suggests only operator staff for an internal note, and nothing on a case the caller is not part of', async () => {
    const shipmentEntity = `entityType=5&entityId=${w.delivered.shipment.id}`;
    expect(await names(w.users.operatorUser, 'da', `${shipmentEntity}&internal=true`)).toEqual([
      'Luis Dansby',
    ]);
    expect(await names(w.users.operatorUser, 'dan', shipmentEntity)).toEqual([
      'Dana Whitfield',
      'Danielle Moreau',
      'Luis Dansby',
    ]);
    expect(
      (await suggest(w.users.carrierUser, 'da', `entityType=6&entityId=${w.otherCase.caseNumber}`))
        .statusCode,
    ).toBe(404);
    expect(
      await names(w.users.carrierUser, 'dan', `entityType=6&entityId=${w.accessorial.caseNumber}`),
    ).toEqual(['Dana Whitfield', 'Danielle Moreau', 'Luis Dansby']);
    const longQuery = await suggest(w.users.carrierUser, 'x'.repeat(76));
    expect(longQuery.statusCode).toBe(400);
  });
});
