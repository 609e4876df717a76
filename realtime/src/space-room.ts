// One room per space: committed messages and member changes (sent by edge-api after the database
// commit), plus typing and who is here (ChatRoom). A space's own part: a reader who joins may type.
import { type RoomCommand, userTag } from '@community/realtime-protocol';
import { ChatRoom } from './chat-room.ts';
import type { Admitted } from './command-room.ts';

export class SpaceRoom extends ChatRoom {
  /**
   * A reader of a public space who joins it may type from then on without reconnecting: the room
   * learns it from the member.changed event edge-api sends after the commit.
   */
  protected override afterCommand(command: RoomCommand): void {
    if (command.action !== 'broadcast' || command.event.type !== 'member.changed') return;
    const { change, userId } = command.event;
    if (change === 'role') return;
    for (const connection of this.getConnections<Admitted>(userTag(userId))) {
      if (connection.state) connection.setState({ ...connection.state, member: change === 'joined' });
    }
  }
}
