// One room per direct conversation (the room's name is the conversation id): committed messages,
// deletions and read positions (sent by edge-api after the commit), plus typing and who has the
// conversation open (ChatRoom). edge-api issues tickets to the two participants only, both as
// `member` (both may type); blocking or deleting either closes it for both (a `notIn: []` revoke).
import { ChatRoom } from './chat-room.ts';

export class ConversationRoom extends ChatRoom {}
