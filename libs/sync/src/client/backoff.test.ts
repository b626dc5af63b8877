import type { PeerId } from '@automerge/automerge-repo/slim';
import { cbor } from '@automerge/automerge-repo/slim';
import { createManualClock } from '@beamstage/timeline';
import { describe, expect, it } from 'vitest';
import { reconnectDelayMs, RECONNECT_MAX_MS, SLOW_CONNECTION_MS } from './backoff';
import { closeReason, CLOSE_POLICY_VIOLATION, CONNECTION_LOST, SERVER_UNREACHABLE } from './close-reason';
import type { ConnectionState } from './connection-status';
import { TicketedSocketAdapter, type SocketLike, type TicketResult } from './ticketed-socket-adapter';

describe('reconnect backoff', () => {
  it('is 2^n x 100 ms capped at 2500 ms', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 40].map(reconnectDelayMs)).toEqual([100, 200, 400, 800, 1600, 2500, 2500, RECONNECT_MAX_MS]);
  });
});

/** A socket that never opens and can be failed by the test. */
function fakeSocket(): SocketLike & { fail(): void } {
  const socket = {
    binaryType: '',
    readyState: 0,
    send: () => undefined,
    close: () => socket.onclose?.({}),
    onopen: null,
    onclose: null,
    onerror: null,
    onmessage: null,
    fail: () => socket.onclose?.({ code: 1006 }),
  } as SocketLike & { fail(): void };
  return socket;
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('TicketedSocketAdapter connection status', () => {
  it('retries with the backoff on the clock, a fresh ticket each time, and warns when slow', async () => {
    const clock = createManualClock();
    const tickets: number[] = [];
    const sockets: ReturnType<typeof fakeSocket>[] = [];
    const states: ConnectionState[] = [];
    const adapter = new TicketedSocketAdapter({
      clock,
      getTicketUrl: async () => {
        tickets.push(clock.now());
        return { url: `ws://x/sync?ticket=${tickets.length}` };
      },
      createSocket: () => {
        const s = fakeSocket();
        sockets.push(s);
        return s;
      },
      onState: (s) => states.push(s),
    });
    adapter.connect('client' as PeerId);
    await flush();
    expect(adapter.getState().status).toBe('connecting');
    const expected = [100, 200, 400, 800, 1600, 2500, 2500];
    for (const delay of expected) {
      sockets.at(-1)!.fail();
      // A socket that closes by itself is a websocket error: the status says so while it retries.
      expect(adapter.getState()).toMatchObject({ status: 'error', error: SERVER_UNREACHABLE, retrying: true });
      clock.advance(delay - 1);
      await flush();
      const before = tickets.length;
      clock.advance(1);
      await flush();
      expect(tickets.length).toBe(before + 1);
    }
    expect(tickets.slice(1).map((t, i) => t - tickets[i]!)).toEqual(expected);
    // 8,100 ms of retries: not yet the 15 s slow warning, which is timed from the first attempt.
    expect(states.some((s) => s.slow)).toBe(false);
    clock.advance(SLOW_CONNECTION_MS - 8100);
    expect(adapter.getState().slow).toBe(true);
    adapter.disconnect();
  });

  it('shows the slow warning at 15 s of connecting and stops for good on a refused ticket', async () => {
    const clock = createManualClock();
    let answer: TicketResult = { url: 'ws://x' };
    const adapter = new TicketedSocketAdapter({ clock, getTicketUrl: async () => answer, createSocket: () => fakeSocket() });
    adapter.connect('client' as PeerId);
    await flush();
    clock.advance(SLOW_CONNECTION_MS - 1);
    expect(adapter.getState().slow).toBe(false);
    clock.advance(1);
    expect(adapter.getState().slow).toBe(true);
    answer = { denied: 'Project not found' };
    adapter.dropSocket();
    clock.advance(2500);
    await flush();
    expect(adapter.getState()).toMatchObject({ status: 'error', error: 'Project not found', retrying: false });
    clock.advance(60_000);
    await flush();
    expect(adapter.getState().status).toBe('error');
    expect(clock.pendingTimers()).toBe(0);
  });
});

/** A socket that opens and hears the server's peer message, so the adapter counts it connected. */
function connect(socket: ReturnType<typeof fakeSocket>) {
  socket.onmessage?.({ data: Uint8Array.from(cbor.encode({ type: 'peer', senderId: 'server', targetId: 'client' })).buffer });
}

describe('TicketedSocketAdapter websocket errors', () => {
  const setUp = () => {
    const clock = createManualClock();
    const sockets: ReturnType<typeof fakeSocket>[] = [];
    let answer: TicketResult | Error = { url: 'ws://x' };
    const adapter = new TicketedSocketAdapter({
      clock,
      getTicketUrl: async () => {
        if (answer instanceof Error) throw answer;
        return answer;
      },
      createSocket: () => {
        const s = fakeSocket();
        sockets.push(s);
        return s;
      },
    });
    return { clock, sockets, adapter, answer: (a: TicketResult | Error) => (answer = a) };
  };

  it('a dropped socket is an error with its reason, kept through every retry (the api unreachable too), until it connects again', async () => {
    const { clock, sockets, adapter, answer } = setUp();
    adapter.connect('client' as PeerId);
    await flush();
    connect(sockets[0]!);
    expect(adapter.getState()).toEqual({ status: 'connected', slow: false, attempt: 0 });
    sockets[0]!.fail();
    expect(adapter.getState()).toEqual({ status: 'error', slow: false, attempt: 1, error: CONNECTION_LOST, retrying: true });
    // The api is down too: the ticket cannot be had, and the status still says why the connection ended.
    answer(new Error('fetch failed'));
    for (const delay of [100, 200, 400]) {
      clock.advance(delay);
      await flush();
      expect(adapter.getState()).toMatchObject({ status: 'error', error: CONNECTION_LOST, retrying: true });
    }
    expect(sockets).toHaveLength(1);
    answer({ url: 'ws://x' });
    clock.advance(800);
    await flush();
    expect(sockets).toHaveLength(2);
    expect(adapter.getState()).toMatchObject({ status: 'error', error: CONNECTION_LOST, retrying: true });
    connect(sockets[1]!);
    // Connected again: the reason is gone.
    expect(adapter.getState()).toEqual({ status: 'connected', slow: false, attempt: 0 });
    adapter.disconnect();
  });

  it('a socket the server closes on purpose names its reason in words a user reads, and reconnects', async () => {
    const { clock, sockets, adapter } = setUp();
    adapter.connect('client' as PeerId);
    await flush();
    connect(sockets[0]!);
    sockets[0]!.onclose?.({ code: CLOSE_POLICY_VIOLATION, reason: 'room moved to another instance' });
    expect(adapter.getState()).toMatchObject({ status: 'error', error: 'the project moved to another server', retrying: true });
    clock.advance(100);
    await flush();
    connect(sockets[1]!);
    expect(adapter.getState().status).toBe('connected');
    sockets[1]!.onclose?.({ code: CLOSE_POLICY_VIOLATION, reason: 'undecodable frame' });
    expect(adapter.getState().error).toBe('the server closed the connection (undecodable frame)');
    adapter.disconnect();
  });

  it("a policy close then a refused ticket is an error for good that keeps the server's reason: no more retries", async () => {
    const { clock, sockets, adapter, answer } = setUp();
    adapter.connect('client' as PeerId);
    await flush();
    connect(sockets[0]!);
    answer({ denied: 'Real-time collaboration is not available for this project' });
    sockets[0]!.onclose?.({ code: CLOSE_POLICY_VIOLATION, reason: 'member removed' });
    expect(adapter.getState()).toMatchObject({ status: 'error', error: 'you were removed from this project', retrying: true });
    clock.advance(100);
    await flush();
    expect(adapter.getState()).toMatchObject({
      status: 'error',
      error: 'Real-time collaboration stopped: you were removed from this project',
      retrying: false,
      // The server's own reason, as sent, for an app to tell a lost access from other refusals.
      closedBy: 'member removed',
    });
    expect(clock.pendingTimers()).toBe(0);
    adapter.disconnect();
  });

  it("a refusal after a drop, or after a server close followed by a good connection, keeps the refusal's own words", async () => {
    const { clock, sockets, adapter, answer } = setUp();
    adapter.connect('client' as PeerId);
    await flush();
    connect(sockets[0]!);
    sockets[0]!.onclose?.({ code: CLOSE_POLICY_VIOLATION, reason: 'room moved to another instance' });
    clock.advance(100);
    await flush();
    connect(sockets[1]!);
    // Connected again: the earlier server reason is spent. A plain drop, then the refusal.
    answer({ denied: 'Real-time collaboration is not available for this project' });
    sockets[1]!.fail();
    expect(adapter.getState()).toMatchObject({ status: 'error', error: CONNECTION_LOST, retrying: true });
    clock.advance(100);
    await flush();
    expect(adapter.getState()).toMatchObject({ status: 'error', error: 'Real-time collaboration is not available for this project', retrying: false });
    expect(adapter.getState().closedBy).toBeUndefined();
    adapter.disconnect();
  });
});

describe('closeReason', () => {
  it('tells a drop from a socket that never connected, and passes an unknown server reason on', () => {
    expect(closeReason({ code: 1006 }, true)).toBe(CONNECTION_LOST);
    expect(closeReason({ code: 1006 }, false)).toBe(SERVER_UNREACHABLE);
    expect(closeReason({ code: CLOSE_POLICY_VIOLATION, reason: 'project deleted' }, true)).toBe('this project was deleted');
    expect(closeReason({ code: CLOSE_POLICY_VIOLATION, reason: '' }, true)).toBe(CONNECTION_LOST);
    expect(closeReason({ code: CLOSE_POLICY_VIOLATION, reason: 'something new' }, false)).toBe('the server closed the connection (something new)');
  });
});

describe('TicketedSocketAdapter frames that do not decode', () => {
  it('reports them and ignores them: the socket stays, the state is unchanged, the next frame is read', async () => {
    const clock = createManualClock();
    const socket = fakeSocket();
    const errors: unknown[] = [];
    const adapter = new TicketedSocketAdapter({
      clock,
      getTicketUrl: async () => ({ url: 'ws://x' }),
      createSocket: () => socket,
      onDecodeError: (e) => errors.push(e),
    });
    adapter.connect('client' as PeerId);
    await flush();
    const before = adapter.getState();
    // 0xff is a CBOR "break" with nothing to close: not a message.
    socket.onmessage?.({ data: new Uint8Array([0xff]).buffer });
    expect(errors).toHaveLength(1);
    expect(adapter.getState()).toEqual(before);
    // A real peer frame after it is still read.
    socket.onmessage?.({ data: Uint8Array.from(cbor.encode({ type: 'peer', senderId: 'server', targetId: 'client' })).buffer });
    expect(adapter.getState().status).toBe('connected');
    expect(errors).toHaveLength(1);
    adapter.disconnect();
  });
});
