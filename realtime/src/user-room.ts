// One room per user: their live notifications and the "your session ended" signal.
import { CommandRoom } from './command-room.ts';

export class UserRoom extends CommandRoom {}
