import {
  $applyNodeReplacement,
  TextNode,
  type DOMConversionMap,
  type DOMConversionOutput,
  type DOMExportOutput,
  type EditorConfig,
  type LexicalNode,
  type NodeKey,
  type SerializedTextNode,
  type Spread,
} from 'lexical';

export type SerializedMentionNode = Spread<
  { mentionName: string; userId: string },
  SerializedTextNode
>;

function convertMentionElement(element: HTMLElement): DOMConversionOutput | null {
  const text = element.textContent ?? '';
  const userId = element.getAttribute('data-user-id');
  if (!userId || !text) return null;
  return { node: $createMentionNode(text.replace(/^@/, ''), userId) };
}

/** "@First Last" as one unit: typed over or deleted whole, carrying who it names. */
export class MentionNode extends TextNode {
  __mention: string;
  __userId: string;

  static override getType(): string {
    return 'mention';
  }

  static override clone(node: MentionNode): MentionNode {
    return new MentionNode(node.__mention, node.__userId, node.__text, node.__key);
  }

  static override importJSON(serialized: SerializedMentionNode): MentionNode {
    return $createMentionNode(serialized.mentionName, serialized.userId).updateFromJSON(serialized);
  }

  constructor(mentionName: string, userId: string, text?: string, key?: NodeKey) {
    super(text ?? `@${mentionName}`, key);
    this.__mention = mentionName;
    this.__userId = userId;
  }

  getUserId(): string {
    return this.getLatest().__userId;
  }

  override exportJSON(): SerializedMentionNode {
    return { ...super.exportJSON(), mentionName: this.__mention, userId: this.__userId };
  }

  override createDOM(config: EditorConfig): HTMLElement {
    const dom = super.createDOM(config);
    dom.className = 'mention';
    dom.spellcheck = false;
    return dom;
  }

  override exportDOM(): DOMExportOutput {
    const element = document.createElement('span');
    element.setAttribute('data-lexical-mention', 'true');
    element.setAttribute('data-user-id', this.__userId);
    element.className = 'mention';
    element.textContent = this.__text;
    return { element };
  }

  static override importDOM(): DOMConversionMap | null {
    return {
      span: (element: HTMLElement) =>
        element.hasAttribute('data-lexical-mention')
          ? { conversion: convertMentionElement, priority: 1 }
          : null,
    };
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

export function $createMentionNode(mentionName: string, userId: string): MentionNode {
  const node = new MentionNode(mentionName, userId);
  node.setMode('segmented').toggleDirectionless();
  return $applyNodeReplacement(node);
}

export function $isMentionNode(node: LexicalNode | null | undefined): node is MentionNode {
  return node instanceof MentionNode;
}
