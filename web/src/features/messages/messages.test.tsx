import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jest } from '@jest/globals';
import { fakeApi } from '../../../test/fake-api';
import { makeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { id, signedIn } from '../../../test/signed-in';
import { mergeMessages } from './format';
import { formatMessageTime } from '../../shared/format';

function conversation(overrides: Record<string, unknown> = {}) {
  return {
    job_id: id('b'),
    application_id: id('a'),
    application_status: 'pending',
    chef_id: id('e'),
    restaurant_id: id('c'),
    job_title: 'Line Cook',
    restaurant_name: 'North Loop Kitchen',
    chef_name: 'Lucía Hernández',
    other_party_name: 'North Loop Kitchen',
    latest_message: { content: 'Can you start at 5?', created_at: new Date().toISOString() },
    unread_count: 2,
    ...overrides,
  };
}

function message(overrides: Record<string, unknown> = {}) {
  return {
    id: id('9'),
    job_id: 'j',
    sender_id: 's',
    content: 'Hola',
    message_text: 'Hola',
    original_content: 'Hola',
    created_at: new Date().toISOString(),
    is_from_current_user: false,
    was_translated: false,
    original_language: 'en',
    ...overrides,
  };
}

describe('messages', () => {
  test('a chef without conversations is told how to start one; nothing is selected yet', async () => {
    signedIn('chef');
    renderApp('/messages');
    await screen.findByRole('heading', { name: 'Messages' });
    expect(screen.getByText('Communicate with restaurants')).toBeTruthy();
    expect(await screen.findByText('No conversations yet')).toBeTruthy();
    expect(screen.getByText('Apply to shifts to start conversations with restaurants')).toBeTruthy();
    expect(screen.getByText('Select a conversation')).toBeTruthy();
  });

  test('a restaurant without conversations is told its applicants will appear', async () => {
    signedIn('restaurant');
    renderApp('/messages');
    expect(await screen.findByText('Chefs who apply to your shifts will appear here')).toBeTruthy();
    expect(screen.getByText('Communicate with chefs')).toBeTruthy();
  });

  test('the list shows job, restaurant, preview, time and unread badge; opening a thread loads, shows translations and sends', async () => {
    signedIn('chef');
    fakeApi.on('GET', '/messages/translation', { body: { provider: 'apertium', pairs: ['en-es', 'es-en'] } });
    const c = conversation();
    fakeApi.on('GET', '/messages/conversations', { body: { conversations: [c] } });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = [
      message({
        content: 'Can you start at 5?',
        original_content: '¿Puedes empezar a las 5?',
        was_translated: true,
        original_language: 'es',
      }),
      message({
        content: 'Yes!',
        is_from_current_user: true,
        created_at: new Date(Date.now() + 1000).toISOString(),
      }),
    ];
    fakeApi.on('GET', '/messages/application/:id', async (call) => {
      if (call.query.since) return { status: 304 };
      await gate;
      return {
        body: {
          messages: first,
          user_role: 'chef',
          job_id: c.job_id,
          chef_id: c.chef_id,
          application_id: c.application_id,
        },
      };
    });
    fakeApi.on('POST', '/messages/application/:id', (call) => ({
      status: 201,
      body: {
        message: message({
          content: (call.body as { message: string }).message,
          is_from_current_user: true,
          created_at: new Date(Date.now() + 2000).toISOString(),
        }),
        user_role: 'chef',
      },
    }));
    renderApp('/messages');
    const item = await screen.findByRole('button', { name: /Line Cook/ });
    expect(within(item).getByText('North Loop Kitchen')).toBeTruthy();
    expect(within(item).getByText('Can you start at 5?')).toBeTruthy();
    expect(within(item).getByLabelText('2 unread messages').textContent).toBe('2');
    await userEvent.click(item);
    expect(await screen.findByText('Loading messages...')).toBeTruthy();
    release();
    const mark = await screen.findByTestId('translation-mark');
    expect(mark.textContent).toBe('Translated from Spanish · Show original');
    await userEvent.click(within(mark).getByRole('button', { name: 'Show original' }));
    expect(screen.getByText('¿Puedes empezar a las 5?').getAttribute('lang')).toBe('es');
    expect(screen.queryByText('Can you start at 5?', { selector: '.bubble-text' })).toBeNull();
    await userEvent.click(within(mark).getByRole('button', { name: 'Show translation' }));
    expect(screen.getByText('Can you start at 5?', { selector: '.bubble-text' })).toBeTruthy();
    expect(screen.getByText('Messages are translated automatically')).toBeTruthy();

    const box = screen.getByPlaceholderText('Type your message...');
    const send = screen.getByRole('button', { name: 'Send' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(box, '   ');
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await userEvent.clear(box);
    await userEvent.type(box, 'On my way');
    expect(screen.getByText('9/1000')).toBeTruthy();
    await userEvent.click(send);
    expect(await screen.findByText('On my way')).toBeTruthy();
    expect(fakeApi.callsTo('POST', `/messages/application/${c.application_id}`)[0].body).toEqual({
      message: 'On my way',
      client_id: expect.stringMatching(/^[\w-]{8,64}$/),
    });
    expect((box as HTMLTextAreaElement).value).toBe('');
    // Sending refreshes the conversation list.
    await waitFor(() => expect(fakeApi.callsTo('GET', '/messages/conversations').length).toBeGreaterThan(1));
  });

  test('without a translator the page makes no promise, and a message in the other language says it was not translated', async () => {
    signedIn('chef');
    fakeApi.on('GET', '/messages/translation', { body: { provider: 'none', pairs: [] } });
    const c = conversation();
    fakeApi.on('GET', '/messages/conversations', { body: { conversations: [c] } });
    fakeApi.on('GET', '/messages/application/:id', (call) =>
      call.query.since
        ? { status: 304 }
        : {
            body: {
              messages: [
                message({
                  content: '¿Necesito traer mis cuchillos?',
                  original_content: '¿Necesito traer mis cuchillos?',
                  original_language: 'es',
                }),
                message({ content: 'See you at five', original_content: 'See you at five' }),
              ],
              user_role: 'chef',
              job_id: c.job_id,
              chef_id: c.chef_id,
              application_id: c.application_id,
            },
          },
    );
    renderApp(`/messages?job=${c.job_id}`);
    expect(await screen.findByText('¿Necesito traer mis cuchillos?')).toBeTruthy();
    const marks = screen.getAllByTestId('translation-mark');
    expect(marks.map((m) => m.textContent)).toEqual(['Not translated']);
    expect(screen.queryByText('Messages are translated automatically')).toBeNull();
    expect(fakeApi.callsTo('GET', '/messages/translation')).toHaveLength(1);
  });

  test('in Spanish a translated message says so in Spanish, and the promise shows only with a translator', async () => {
    signedIn('chef', { language: 'es' });
    fakeApi.on('GET', '/messages/translation', { body: { provider: 'google', pairs: ['en-es', 'es-en'] } });
    const c = conversation();
    fakeApi.on('GET', '/messages/conversations', { body: { conversations: [c] } });
    fakeApi.on('GET', '/messages/application/:id', (call) =>
      call.query.since
        ? { status: 304 }
        : {
            body: {
              messages: [
                message({
                  content: '¿Puedes venir mañana a las cinco?',
                  original_content: 'Can you come in at five tomorrow?',
                  was_translated: true,
                  original_language: 'en',
                }),
              ],
              user_role: 'chef',
              job_id: c.job_id,
              chef_id: c.chef_id,
              application_id: c.application_id,
            },
          },
    );
    renderApp(`/messages?job=${c.job_id}`);
    const mark = await screen.findByTestId('translation-mark');
    expect(mark.textContent).toBe('Traducido del inglés · Ver original');
    expect(screen.getByText('¿Puedes venir mañana a las cinco?').getAttribute('lang')).toBe('es');
    expect(screen.getByText('Los mensajes se traducen automáticamente')).toBeTruthy();
    await userEvent.click(within(mark).getByRole('button', { name: 'Ver original' }));
    expect(screen.getByText('Can you come in at five tomorrow?').getAttribute('lang')).toBe('en');
    expect(within(mark).getByRole('button', { name: 'Ver traducción' })).toBeTruthy();
  });

  test('a message delivered untranslated because the translator was busy shows its translation when it lands', async () => {
    signedIn('chef', { language: 'es' });
    fakeApi.on('GET', '/messages/translation', { body: { provider: 'apertium', pairs: ['en-es', 'es-en'] } });
    const c = conversation();
    fakeApi.on('GET', '/messages/conversations', { body: { conversations: [c] } });
    const untranslated = message({
      id: id('1'),
      content: 'Wear non-slip shoes.',
      original_content: 'Wear non-slip shoes.',
      original_language: 'en',
    });
    let polls = 0;
    fakeApi.on('GET', '/messages/application/:id', (call) => {
      const thread = {
        user_role: 'chef',
        job_id: c.job_id,
        chef_id: c.chef_id,
        application_id: c.application_id,
      };
      if (!call.query.since) return { body: { messages: [untranslated], ...thread } };
      polls++;
      // the server answers the message again, translated, once the retry loop got it through
      if (polls < 2) return { status: 304 };
      return {
        body: {
          messages: [{ ...untranslated, content: 'Usa zapatos antideslizantes.', was_translated: true }],
          ...thread,
        },
      };
    });
    renderApp(`/messages?job=${c.job_id}`);
    expect((await screen.findByTestId('translation-mark')).textContent).toBe('Sin traducir');
    expect(screen.getByText('Wear non-slip shoes.')).toBeTruthy();
    expect(
      await screen.findByText('Usa zapatos antideslizantes.', undefined, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByTestId('translation-mark').textContent).toBe('Traducido del inglés · Ver original');
    expect(screen.queryByText('Wear non-slip shoes.')).toBeNull();
    // the poll after that still asks from the same, newest message
    await waitFor(() => expect(polls).toBeGreaterThan(2), { timeout: 10_000 });
    const since = fakeApi
      .callsTo('GET', `/messages/application/${c.application_id}`)
      .map((x) => x.query.since);
    expect(since.filter(Boolean).every((s) => s === untranslated.id)).toBe(true);
  }, 30_000);

  test('/messages?job= opens that job’s thread', async () => {
    signedIn('chef');
    const c = conversation({ unread_count: 0 });
    fakeApi.on('GET', '/messages/conversations', { body: { conversations: [c] } });
    fakeApi.on('GET', '/messages/application/:id', {
      body: {
        messages: [],
        user_role: 'chef',
        job_id: c.job_id,
        chef_id: c.chef_id,
        application_id: c.application_id,
      },
    });
    renderApp(`/messages?job=${c.job_id}`);
    expect(await screen.findByText('No messages yet. Say hello!')).toBeTruthy();
    // the list and the thread are two answers: the list's row may render after the thread
    expect((await screen.findByRole('button', { name: /Line Cook/ })).getAttribute('aria-current')).toBe(
      'true',
    );
  });

  test('a sent message shows at once as "Sending…"; a failure marks it "Not sent" with Retry, which resends the same client id', async () => {
    signedIn('chef');
    const c = conversation({ unread_count: 0 });
    fakeApi.on('GET', '/messages/conversations', { body: { conversations: [c] } });
    fakeApi.on('GET', '/messages/application/:id', {
      body: {
        messages: [],
        user_role: 'chef',
        job_id: c.job_id,
        chef_id: c.chef_id,
        application_id: c.application_id,
      },
    });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    fakeApi.on('POST', '/messages/application/:id', async (call) => {
      calls += 1;
      if (calls === 1) {
        await gate;
        return { status: 500, body: { error: 'down', code: 'SERVICE.UNAVAILABLE' } };
      }
      const body = call.body as { message: string; client_id: string };
      return {
        status: 201,
        body: {
          message: message({
            id: id('7'),
            content: body.message,
            message_text: body.message,
            original_content: body.message,
            is_from_current_user: true,
            client_id: body.client_id,
          }),
          user_role: 'chef',
        },
      };
    });
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    renderApp(`/messages?job=${c.job_id}`);
    const box = await screen.findByPlaceholderText('Type your message...');
    await userEvent.type(box, 'Running ten minutes late');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    // in the thread at once, marked as on its way; the box is free for the next one
    const pending = await screen.findByTestId('pending-message');
    expect(within(pending).getByText('Running ten minutes late')).toBeTruthy();
    expect(within(pending).getByText('Sending…')).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe('');
    release();
    expect(await within(pending).findByText('Not sent')).toBeTruthy();
    await userEvent.click(within(pending).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByTestId('pending-message')).toBeNull());
    error.mockRestore();
    // one message in the thread, sent twice with one client id
    expect(screen.getAllByText('Running ten minutes late')).toHaveLength(1);
    const [first, second] = fakeApi.callsTo('POST', `/messages/application/${c.application_id}`);
    expect((second.body as { client_id: string }).client_id).toBe(
      (first.body as { client_id: string }).client_id,
    );
  });

  test('a send whose answer was lost but which landed: the next poll brings it, and its pending copy goes', async () => {
    signedIn('chef');
    const c = conversation({ unread_count: 0 });
    fakeApi.on('GET', '/messages/conversations', { body: { conversations: [c] } });
    let stored: ReturnType<typeof message> | null = null;
    fakeApi.on('GET', '/messages/application/:id', () => ({
      body: {
        messages: stored ? [stored] : [],
        user_role: 'chef',
        job_id: c.job_id,
        chef_id: c.chef_id,
        application_id: c.application_id,
      },
    }));
    fakeApi.on('POST', '/messages/application/:id', (call) => {
      const body = call.body as { message: string; client_id: string };
      stored = message({
        id: id('8'),
        content: body.message,
        message_text: body.message,
        original_content: body.message,
        is_from_current_user: true,
        client_id: body.client_id,
      });
      return { status: 500, body: { error: 'the answer was lost', code: 'SERVICE.UNAVAILABLE' } };
    });
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    renderApp(`/messages?job=${c.job_id}`);
    await userEvent.type(await screen.findByPlaceholderText('Type your message...'), 'Parking in back?');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Not sent')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('pending-message')).toBeNull(), { timeout: 8000 });
    error.mockRestore();
    expect(screen.getAllByText('Parking in back?')).toHaveLength(1);
  });

  test('sending with an unverified phone says to verify it first, with a link to do it', async () => {
    const { user } = signedIn('chef', { phoneVerified: false });
    const c = conversation({ unread_count: 0 });
    fakeApi.on('GET', '/messages/conversations', { body: { conversations: [c] } });
    fakeApi.on('GET', '/messages/application/:id', {
      body: { messages: [], user_role: 'chef', job_id: c.job_id, application_id: c.application_id },
    });
    fakeApi.on('POST', '/auth/refresh', { body: { session: makeSession(user, 3600, 'still') } });
    fakeApi.on('POST', '/messages/application/:id', {
      status: 403,
      body: { error: 'server text', code: 'AUTH.PHONE_UNVERIFIED' },
    });
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    renderApp(`/messages?job=${c.job_id}`);
    await userEvent.type(await screen.findByPlaceholderText('Type your message...'), 'On my way');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const alert = await screen.findByRole('alert');
    error.mockRestore();
    expect(within(alert).getByRole('link', { name: 'Verify my phone' }).getAttribute('href')).toBe(
      '/verify-phone',
    );
    expect(alert.textContent).toContain('Verify your phone number first');
  });
});

describe('text people typed is isolated (issue 33)', () => {
  // A right-to-left override (U+202E) in a message, and a name made before the name rule with one: each shows
  // in an element of its own direction, so the page's words around it keep their order.
  const RLO = '\u202E';
  test('a message with a direction control, and names and previews in the list, cannot reorder the page', async () => {
    signedIn('restaurant');
    const c = conversation({
      chef_name: `${RLO}Lucía`,
      latest_message: { content: `${RLO}pay me 5 hours`, created_at: new Date().toISOString() },
    });
    fakeApi.on('GET', '/messages/conversations', { body: { conversations: [c] } });
    fakeApi.on('GET', '/messages/application/:id', (call) =>
      call.query.since
        ? { status: 304 }
        : {
            body: {
              messages: [message({ content: `${RLO}see you at 5`, original_content: `${RLO}see you at 5` })],
              user_role: 'restaurant',
              job_id: c.job_id,
              chef_id: c.chef_id,
              application_id: c.application_id,
            },
          },
    );
    renderApp('/messages');
    const item = await screen.findByRole('button', { name: /Line Cook/ });
    // the chef's name and the latest message each in a <bdi>, the list's own words outside it
    const name = within(item).getByText(`${RLO}Lucía`);
    expect(name.tagName).toBe('BDI');
    expect(name.parentElement?.textContent).toBe(`Chef conversation · ${RLO}Lucía`);
    expect(within(item).getByText(`${RLO}pay me 5 hours`).tagName).toBe('BDI');
    await userEvent.click(item);
    // the bubble takes its direction from its own text (dir="auto"), isolated from the thread
    const bubble = await screen.findByText(`${RLO}see you at 5`, { selector: '.bubble-text' });
    expect(bubble.getAttribute('dir')).toBe('auto');
    // the thread's title: the chef's name isolated too
    expect(screen.getByText(`${RLO}Lucía`, { selector: '.thread-title-sub' }).tagName).toBe('BDI');
    // the text is kept as written (messages keep such characters; only names refuse them)
    expect(bubble.textContent).toBe(`${RLO}see you at 5`);
  });
});

describe('message helpers', () => {
  test('recent times show the time of day, older ones month and day', () => {
    const now = new Date(2026, 5, 15, 15, 0);
    expect(formatMessageTime(new Date(2026, 5, 15, 9, 5).toISOString(), now)).toBe('9:05 AM');
    expect(formatMessageTime(new Date(2026, 5, 2, 9, 5).toISOString(), now)).toBe('Jun 2');
  });
  test('a page of messages merges without duplicates, in time order', () => {
    const a = { id: 'a', created_at: '2026-06-15T10:00:00Z' };
    const b = { id: 'b', created_at: '2026-06-15T10:01:00Z' };
    const c = { id: 'c', created_at: '2026-06-15T10:02:00Z' };
    expect(mergeMessages([a, c], [b, c])).toEqual([a, b, c]);
    const same = [a, b];
    expect(mergeMessages(same, [{ ...b }])).toBe(same);
  });
  test('a message a page brings again replaces the one shown (a late translation)', () => {
    const a = { id: 'a', created_at: '2026-06-15T10:00:00Z', content: 'Wear non-slip shoes.' };
    const b = { id: 'b', created_at: '2026-06-15T10:01:00Z', content: 'Ok' };
    const translated = { ...a, content: 'Usa zapatos antideslizantes.' };
    expect(mergeMessages([a, b], [translated])).toEqual([translated, b]);
  });
});
