import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $getListDepth, $isListItemNode, $isListNode } from '@lexical/list';
import {
  $getSelection,
  $isElementNode,
  $isRangeSelection,
  COMMAND_PRIORITY_CRITICAL,
  INDENT_CONTENT_COMMAND,
  type ElementNode,
  type RangeSelection,
} from 'lexical';
import { useEffect } from 'react';

function elementsIn(selection: RangeSelection): Set<ElementNode> {
  const elements = new Set<ElementNode>();
  for (const node of selection.getNodes()) {
    const element = $isElementNode(node) ? node : node.getParent();
    if (element) elements.add(element);
  }
  const anchor = selection.anchor.getNode();
  const anchorElement = $isElementNode(anchor) ? anchor : anchor.getParent();
  if (anchorElement) elements.add(anchorElement);
  return elements;
}

/** Lists nest at most this deep: an indent that would go further is refused. */
export function ListMaxIndentLevelPlugin({ maxDepth }: { maxDepth: number }) {
  const [editor] = useLexicalComposerContext();
  useEffect(
    () =>
      editor.registerCommand(
        INDENT_CONTENT_COMMAND,
        () => {
          const selection = $getSelection();
          if (!$isRangeSelection(selection)) return false;
          let depth = 0;
          for (const element of elementsIn(selection)) {
            if ($isListNode(element)) depth = Math.max(depth, $getListDepth(element) + 1);
            else if ($isListItemNode(element)) {
              const list = element.getParent();
              if ($isListNode(list)) depth = Math.max(depth, $getListDepth(list) + 1);
            }
          }
          // Handled (refused) when the indent would pass the limit.
          return depth > maxDepth;
        },
        COMMAND_PRIORITY_CRITICAL,
      ),
    [editor, maxDepth],
  );
  return null;
}
