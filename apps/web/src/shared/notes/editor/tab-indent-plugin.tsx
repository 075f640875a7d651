import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import {
  COMMAND_PRIORITY_EDITOR,
  INDENT_CONTENT_COMMAND,
  KEY_TAB_COMMAND,
  OUTDENT_CONTENT_COMMAND,
} from 'lexical';
import { useEffect, useRef } from 'react';

/** Tab indents and Shift+Tab outdents; a held key repeats at most once per debounce period. */
export function TabIndentPlugin({ debounceMs }: { debounceMs: number }) {
  const [editor] = useLexicalComposerContext();
  const last = useRef(0);
  useEffect(
    () =>
      editor.registerCommand(
        KEY_TAB_COMMAND,
        (event: KeyboardEvent) => {
          event.preventDefault();
          const now = performance.now();
          if (now - last.current < debounceMs) return true;
          last.current = now;
          return editor.dispatchCommand(
            event.shiftKey ? OUTDENT_CONTENT_COMMAND : INDENT_CONTENT_COMMAND,
            undefined,
          );
        },
        COMMAND_PRIORITY_EDITOR,
      ),
    [editor, debounceMs],
  );
  return null;
}
