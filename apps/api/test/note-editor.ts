/** The editor's state for a paragraph of text with mentions, as the web's Lexical editor writes it. */
export function editorState(text: string, mentions: { id: string; name: string }[] = []) {
  return {
    root: {
      type: 'root',
      version: 1,
      children: [
        {
          type: 'paragraph',
          version: 1,
          children: [
            ...mentions.map((mention) => ({
              type: 'mention',
              version: 1,
              userId: mention.id,
              mentionName: mention.name,
              text: `@${mention.name}`,
            })),
            { type: 'text', version: 1, text },
          ],
        },
      ],
    },
  };
}
