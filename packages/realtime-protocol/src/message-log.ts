// The client side of "nothing lost, nothing shown twice": messages arrive from the socket and from
// HTTP resyncs in any order and possibly twice; the log keeps one copy of each (by id), in sequence
// order, and knows the last sequence number to resync after.
export type Sequenced = { id: string; seq: number };

export class MessageLog<T extends Sequenced> {
  private readonly byId = new Map<string, T>();
  private sorted: T[] = [];

  /** Adds or replaces messages; returns how many were new. */
  merge(messages: readonly T[]): number {
    let added = 0;
    for (const message of messages) {
      if (!this.byId.has(message.id)) added++;
      this.byId.set(message.id, message);
    }
    if (messages.length > 0) this.sorted = [...this.byId.values()].sort((a, b) => a.seq - b.seq);
    return added;
  }

  get(id: string): T | undefined {
    return this.byId.get(id);
  }

  remove(id: string): void {
    if (this.byId.delete(id)) this.sorted = this.sorted.filter((message) => message.id !== id);
  }

  get messages(): readonly T[] {
    return this.sorted;
  }

  /** The highest sequence number seen: ask the server for what came after it. */
  get lastSeq(): number {
    return this.sorted.at(-1)?.seq ?? 0;
  }

  /** Sequence numbers missing between the first and the last message held (gaps to refetch). */
  gaps(): number[] {
    const missing: number[] = [];
    for (let index = 1; index < this.sorted.length; index++) {
      for (let seq = this.sorted[index - 1]!.seq + 1; seq < this.sorted[index]!.seq; seq++) missing.push(seq);
    }
    return missing;
  }
}
