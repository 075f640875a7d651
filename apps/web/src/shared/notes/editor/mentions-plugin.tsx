import Avatar from '@mui/material/Avatar';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Paper from '@mui/material/Paper';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import {
  LexicalTypeaheadMenuPlugin,
  MenuOption,
  type MenuTextMatch,
} from '@lexical/react/LexicalTypeaheadMenuPlugin';
import type { MentionableUser } from '@portal/contract';
import {
  MENTION_MAX_LENGTH,
  MENTION_SEARCH_DEBOUNCE_MS,
  MENTION_SUGGESTION_LIMIT,
} from '@portal/domain';
import type { TextNode } from 'lexical';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { useMentionableUsers, type NotesEntity } from '../api/notes-api';
import { $createMentionNode } from './mention-node';
import { findMentionQuery } from './mention-trigger';

class MentionOption extends MenuOption {
  readonly user: MentionableUser;
  constructor(user: MentionableUser) {
    super(user.id);
    this.user = user;
  }
}

/** The name a mention shows, within the 75 characters a mention may have ("@" included). */
export function mentionNameOf(user: Pick<MentionableUser, 'firstName' | 'lastName'>): string {
  return `${user.firstName} ${user.lastName}`.slice(0, MENTION_MAX_LENGTH - 1);
}

interface MentionsPluginProps {
  entity: NotesEntity;
  /** Suggest only the operator's staff (an internal note). */
  internal: boolean;
  onMention(user: MentionableUser): void;
}

/**
 * Typing "@" suggests up to five people of the companies on the entity, searched 500 ms after the
 * last key; choosing one inserts the mention.
 */
export function MentionsPlugin({ entity, internal, onMention }: MentionsPluginProps) {
  const [editor] = useLexicalComposerContext();
  const [query, setQuery] = useState<string | null>(null);
  const [searched, setSearched] = useState<string | null>(null);
  // Inside a drawer or dialog the suggestions open within its scrolling paper: outside, the modal
  // hides them from screen readers and its scroll lock can leave them below the screen.
  const [menuParent, setMenuParent] = useState<HTMLElement | undefined>(undefined);
  useEffect(
    () =>
      editor.registerRootListener((root) =>
        setMenuParent(
          root?.closest<HTMLElement>('.MuiDrawer-paper, .MuiDialog-paper') ?? undefined,
        ),
      ),
    [editor],
  );

  useEffect(() => {
    if (query === null) {
      setSearched(null);
      return;
    }
    const timer = setTimeout(() => setSearched(query), MENTION_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);

  const users = useMentionableUsers(entity, searched, internal);
  const options = useMemo(
    () =>
      query === null
        ? []
        : (users.data?.data ?? [])
            .slice(0, MENTION_SUGGESTION_LIMIT)
            .map((user) => new MentionOption(user)),
    [users.data, query],
  );

  const triggerFn = useCallback((text: string): MenuTextMatch | null => findMentionQuery(text), []);

  const onSelectOption = useCallback(
    (option: MentionOption, nodeToReplace: TextNode | null, closeMenu: () => void) => {
      editor.update(() => {
        const mention = $createMentionNode(mentionNameOf(option.user), option.user.id);
        if (nodeToReplace) nodeToReplace.replace(mention);
        mention.select();
        closeMenu();
      });
      onMention(option.user);
    },
    [editor, onMention],
  );

  return (
    <LexicalTypeaheadMenuPlugin<MentionOption>
      onQueryChange={setQuery}
      onSelectOption={onSelectOption}
      triggerFn={triggerFn}
      options={options}
      {...(menuParent ? { parent: menuParent } : {})}
      menuRenderFn={(anchor, { selectedIndex, selectOptionAndCleanUp, setHighlightedIndex }) =>
        anchor.current && options.length > 0
          ? createPortal(
              <Paper elevation={8} sx={{ mt: 3.5, minWidth: 240, maxWidth: 340 }}>
                <MenuList dense aria-label="Mention suggestions" sx={{ py: 0.5 }}>
                  {options.map((option, index) => (
                    <MenuItem
                      key={option.key}
                      ref={(element) => option.setRefElement(element)}
                      selected={selectedIndex === index}
                      onMouseEnter={() => setHighlightedIndex(index)}
                      onClick={() => {
                        setHighlightedIndex(index);
                        selectOptionAndCleanUp(option);
                      }}
                    >
                      <ListItemAvatar sx={{ minWidth: 40 }}>
                        <Avatar
                          sx={{ width: 28, height: 28, fontSize: '0.8rem' }}
                          src={
                            option.user.profilePictureId
                              ? `/api/v1/documents/${option.user.profilePictureId}`
                              : undefined
                          }
                        >
                          {option.user.firstName[0]}
                          {option.user.lastName[0]}
                        </Avatar>
                      </ListItemAvatar>
                      <ListItemText
                        primary={`${option.user.firstName} ${option.user.lastName}`}
                        secondary={option.user.companyName}
                      />
                    </MenuItem>
                  ))}
                </MenuList>
              </Paper>,
              anchor.current,
            )
          : null
      }
    />
  );
}
