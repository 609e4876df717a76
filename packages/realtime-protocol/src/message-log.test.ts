import { describe, expect, it } from 'vitest';
import { MessageLog } from './message-log.ts';

const m = (seq: number, id = `m${seq}`) => ({ id, seq });

describe('message log', () => {
  it('keeps one copy of each message in sequence order whatever the arrival order', () => {
    const log = new MessageLog();
    expect(log.merge([m(3), m(1)])).toBe(2);
    expect(log.merge([m(2), m(3), m(1)])).toBe(1);
    expect(log.messages.map((x) => x.seq)).toEqual([1, 2, 3]);
    expect(log.lastSeq).toBe(3);
  });

  it('reports gaps so a client can refetch them', () => {
    const log = new MessageLog();
    log.merge([m(1), m(4), m(6)]);
    expect(log.gaps()).toEqual([2, 3, 5]);
  });

  it('removes deleted messages and starts at zero when empty', () => {
    const log = new MessageLog();
    expect(log.lastSeq).toBe(0);
    log.merge([m(1), m(2)]);
    log.remove('m1');
    expect(log.messages).toEqual([m(2)]);
  });
});
