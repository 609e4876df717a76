// The community's presence room: every signed-in tab listens here for online dots.
import { CommandRoom } from './command-room.ts';

export class PresenceRoom extends CommandRoom {}
