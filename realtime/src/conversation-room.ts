// One room per direct conversation: committed messages, deletions and read positions (sent by
// edge-api after the commit), plus typing and who has the conversation open, as in a space room.
// Tickets are issued to the two participants only.
import { SpaceRoom } from './space-room.ts';

export class ConversationRoom extends SpaceRoom {}
