// A mention in a post or comment: a text entity "@First Last" that carries the member's id and is
// serialised as `{ type: 'mention', userId, text }` (@community/domain mentions.ts). The server
// keeps it only for members who can read the space, and refreshes its text on read.
import { MENTION_NODE_TYPE } from '@community/domain';
import {
  $applyNodeReplacement,
  type EditorConfig,
  type LexicalNode,
  type LexicalUpdateJSON,
  type NodeKey,
  type SerializedTextNode,
  type Spread,
  TextNode,
} from 'lexical';
import { mentionChipClass } from '../../../mentions/components/message-text.tsx';

export type SerializedMentionNode = Spread<{ userId: string }, SerializedTextNode>;

export class MentionNode extends TextNode {
  __userId: string;

  static override getType(): string {
    return MENTION_NODE_TYPE;
  }

  static override clone(node: MentionNode): MentionNode {
    return new MentionNode(node.__userId, node.__text, node.__key);
  }

  static override importJSON(json: SerializedMentionNode): MentionNode {
    return $createMentionNode(json.userId, json.text).updateFromJSON(
      json as LexicalUpdateJSON<SerializedTextNode>,
    );
  }

  constructor(userId: string, text: string, key?: NodeKey) {
    super(text, key);
    this.__userId = userId;
  }

  override exportJSON(): SerializedMentionNode {
    return { ...super.exportJSON(), type: MENTION_NODE_TYPE, userId: this.__userId };
  }

  override createDOM(config: EditorConfig): HTMLElement {
    const dom = super.createDOM(config);
    dom.className = mentionChipClass;
    dom.dataset.mention = '';
    return dom;
  }

  override isTextEntity(): true {
    return true;
  }

  override canInsertTextBefore(): boolean {
    return false;
  }

  override canInsertTextAfter(): boolean {
    return false;
  }
}

export function $createMentionNode(userId: string, text: string): MentionNode {
  const node = new MentionNode(userId, text);
  node.setMode('segmented').toggleDirectionless();
  return $applyNodeReplacement(node);
}

export const $isMentionNode = (node: LexicalNode | null | undefined): node is MentionNode =>
  node instanceof MentionNode;
