import { createServer, connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTurnCorker, type Corkable } from './cork-until-next-turn';

const counting = () => {
  const calls: string[] = [];
  const socket: Corkable = { cork: () => calls.push('cork'), uncork: () => calls.push('uncork') };
  return { socket, calls };
};

describe('createTurnCorker (relayed frames to one peer share a write per turn)', () => {
  it('corks each socket once per turn and uncorks them all at the next', () => {
    const turns: (() => void)[] = [];
    const corkTurn = createTurnCorker((flush) => turns.push(flush));
    const a = counting();
    const b = counting();
    corkTurn(a.socket);
    corkTurn(a.socket);
    corkTurn(b.socket);
    corkTurn(undefined);
    expect(a.calls).toEqual(['cork']);
    expect(b.calls).toEqual(['cork']);
    expect(turns).toHaveLength(1);
    turns[0]!();
    expect(a.calls).toEqual(['cork', 'uncork']);
    expect(b.calls).toEqual(['cork', 'uncork']);
    // A new turn corks again.
    corkTurn(a.socket);
    expect(turns).toHaveLength(2);
    expect(a.calls).toEqual(['cork', 'uncork', 'cork']);
  });

  it('on a real socket, frames written in one turn arrive whole and in order, in one chunk', async () => {
    const chunks: Buffer[] = [];
    const server = createServer((s) => s.on('data', (d: Buffer) => chunks.push(d)));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    const client: Socket = connect(port, '127.0.0.1');
    await new Promise((r) => client.once('connect', r));
    const corkTurn = createTurnCorker();
    for (let i = 0; i < 50; i++) {
      corkTurn(client);
      // ws corks around each frame itself: nested corks must not flush early.
      client.cork();
      client.write(`frame ${i};`);
      client.uncork();
    }
    const expected = Array.from({ length: 50 }, (_, i) => `frame ${i};`).join('');
    const until = Date.now() + 5000;
    while (Buffer.concat(chunks).toString() !== expected && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
    expect(Buffer.concat(chunks).toString()).toBe(expected);
    expect(chunks).toHaveLength(1);
    client.destroy();
    await new Promise((r) => server.close(r));
  });
});
