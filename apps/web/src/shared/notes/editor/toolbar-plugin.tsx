import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatIndentDecreaseIcon from '@mui/icons-material/FormatIndentDecrease';
import FormatIndentIncreaseIcon from '@mui/icons-material/FormatIndentIncrease';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatUnderlinedIcon from '@mui/icons-material/FormatUnderlined';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { $createCodeNode, $isCodeNode } from '@lexical/code';
import {
  $isListNode,
  INSERT_ORDERED_LIST_COMMAND,
  INSERT_UNORDERED_LIST_COMMAND,
  ListNode,
  REMOVE_LIST_COMMAND,
} from '@lexical/list';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import {
  $createHeadingNode,
  $createQuoteNode,
  $isHeadingNode,
  $isQuoteNode,
  type HeadingTagType,
} from '@lexical/rich-text';
import {
  $getSelectionStyleValueForProperty,
  $patchStyleText,
  $setBlocksType,
} from '@lexical/selection';
import { $getNearestNodeOfType } from '@lexical/utils';
import { NOTE_BLOCK_TYPES, NOTE_FONTS, type NoteBlockType } from '@portal/domain';
import {
  $createParagraphNode,
  $getSelection,
  $isRangeSelection,
  $isRootOrShadowRoot,
  FORMAT_TEXT_COMMAND,
  INDENT_CONTENT_COMMAND,
  OUTDENT_CONTENT_COMMAND,
  SELECTION_CHANGE_COMMAND,
  COMMAND_PRIORITY_LOW,
  type TextFormatType,
} from 'lexical';
import { useCallback, useEffect, useRef, useState } from 'react';

const DEFAULT_FONT = 'Roboto';

const HEADINGS: Partial<Record<NoteBlockType, HeadingTagType>> = {
  'Heading 1': 'h1',
  'Heading 2': 'h2',
  'Heading 3': 'h3',
  'Heading 4': 'h4',
  'Heading 5': 'h5',
  'Heading 6': 'h6',
};

/** Block type, font and text style of the current selection, and the controls that change them. */
export function ToolbarPlugin({ disabled }: { disabled: boolean }) {
  const [editor] = useLexicalComposerContext();
  const [blockType, setBlockType] = useState<NoteBlockType>('Normal');
  const [font, setFont] = useState(DEFAULT_FONT);
  const [formats, setFormats] = useState<Record<string, boolean>>({});

  const readSelection = useCallback(() => {
    const selection = $getSelection();
    if (!$isRangeSelection(selection)) return;
    const anchor = selection.anchor.getNode();
    const block = $isRootOrShadowRoot(anchor) ? anchor : (anchor.getTopLevelElement() ?? anchor);
    if ($isListNode(block)) {
      const list = $getNearestNodeOfType(anchor, ListNode) ?? block;
      setBlockType(list.getListType() === 'number' ? 'Numbered List' : 'Bulleted List');
    } else if ($isHeadingNode(block)) {
      const tag = block.getTag();
      setBlockType(
        (Object.keys(HEADINGS) as NoteBlockType[]).find((name) => HEADINGS[name] === tag) ??
          'Normal',
      );
    } else if ($isQuoteNode(block)) setBlockType('Quote');
    else if ($isCodeNode(block)) setBlockType('Code');
    else setBlockType('Normal');
    setFont($getSelectionStyleValueForProperty(selection, 'font-family', DEFAULT_FONT));
    setFormats({
      bold: selection.hasFormat('bold'),
      italic: selection.hasFormat('italic'),
      underline: selection.hasFormat('underline'),
    });
  }, []);

  useEffect(
    () => editor.registerUpdateListener(({ editorState }) => editorState.read(readSelection)),
    [editor, readSelection],
  );
  useEffect(
    () =>
      editor.registerCommand(
        SELECTION_CHANGE_COMMAND,
        () => {
          readSelection();
          return false;
        },
        COMMAND_PRIORITY_LOW,
      ),
    [editor, readSelection],
  );

  // Choosing from the toolbar hands the keyboard back to the text, in an effect of the render the
  // choice causes: a closing menu's focus trap lets go of the keyboard in that render's effects,
  // which run before this one (a descendant's first), where a timer could come first and be pulled
  // back into the menu.
  const [refocusRequests, setRefocusRequests] = useState(0);
  useEffect(() => {
    if (refocusRequests > 0) editor.focus();
  }, [refocusRequests, editor]);
  const menuChoice = useRef(false);
  const refocus = () => setRefocusRequests((requests) => requests + 1);
  const refocusAfterMenu = () => {
    menuChoice.current = true;
    refocus();
  };
  // On a busy machine the closing menu (in a portal, rendered apart) has been seen to hold the
  // keyboard past that effect: once it has gone, the text takes it back if it has not got it.
  const menuProps = {
    disableRestoreFocus: true,
    slotProps: {
      transition: {
        onExited: () => {
          const root = editor.getRootElement();
          if (menuChoice.current && root && !root.contains(document.activeElement)) editor.focus();
          menuChoice.current = false;
        },
      },
    },
  };

  const changeBlock = (type: NoteBlockType) => {
    refocusAfterMenu();
    if (type === 'Bulleted List') {
      editor.dispatchCommand(INSERT_UNORDERED_LIST_COMMAND, undefined);
      return;
    }
    if (type === 'Numbered List') {
      editor.dispatchCommand(INSERT_ORDERED_LIST_COMMAND, undefined);
      return;
    }
    if (blockType === 'Bulleted List' || blockType === 'Numbered List')
      editor.dispatchCommand(REMOVE_LIST_COMMAND, undefined);
    editor.update(() => {
      const selection = $getSelection();
      if (!$isRangeSelection(selection)) return;
      const heading = HEADINGS[type];
      if (heading) $setBlocksType(selection, () => $createHeadingNode(heading));
      else if (type === 'Quote') $setBlocksType(selection, () => $createQuoteNode());
      else if (type === 'Code') $setBlocksType(selection, () => $createCodeNode());
      else $setBlocksType(selection, () => $createParagraphNode());
    });
  };

  const changeFont = (family: string) => {
    refocusAfterMenu();
    editor.update(() => {
      const selection = $getSelection();
      if ($isRangeSelection(selection)) $patchStyleText(selection, { 'font-family': family });
    });
  };

  const format = (label: string, type: TextFormatType, icon: React.ReactNode) => (
    <Tooltip title={label}>
      <span>
        <IconButton
          size="small"
          aria-label={label}
          aria-pressed={Boolean(formats[type])}
          color={formats[type] ? 'primary' : 'default'}
          disabled={disabled}
          onClick={() => {
            editor.dispatchCommand(FORMAT_TEXT_COMMAND, type);
            refocus();
          }}
        >
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );

  return (
    <Stack
      direction="row"
      role="toolbar"
      aria-label="Formatting"
      sx={{
        alignItems: 'center',
        flexWrap: 'wrap',
        gap: 0.5,
        px: 1,
        py: 0.5,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Select
        size="small"
        value={blockType}
        disabled={disabled}
        onChange={(event) => changeBlock(event.target.value as NoteBlockType)}
        inputProps={{ 'aria-label': 'Block type' }}
        MenuProps={menuProps}
        sx={{ minWidth: 150, fontSize: '0.875rem' }}
      >
        {NOTE_BLOCK_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {type}
          </MenuItem>
        ))}
      </Select>
      <Select
        size="small"
        value={NOTE_FONTS.includes(font as (typeof NOTE_FONTS)[number]) ? font : DEFAULT_FONT}
        disabled={disabled}
        onChange={(event) => changeFont(event.target.value)}
        inputProps={{ 'aria-label': 'Font' }}
        MenuProps={menuProps}
        sx={{ minWidth: 150, fontSize: '0.875rem' }}
      >
        {NOTE_FONTS.map((family) => (
          <MenuItem key={family} value={family} sx={{ fontFamily: family }}>
            {family}
          </MenuItem>
        ))}
      </Select>
      {format('Bold', 'bold', <FormatBoldIcon fontSize="small" />)}
      {format('Italic', 'italic', <FormatItalicIcon fontSize="small" />)}
      {format('Underline', 'underline', <FormatUnderlinedIcon fontSize="small" />)}
      <Tooltip title="Outdent">
        <span>
          <IconButton
            size="small"
            aria-label="Outdent"
            disabled={disabled}
            onClick={() => {
              editor.dispatchCommand(OUTDENT_CONTENT_COMMAND, undefined);
              refocus();
            }}
          >
            <FormatIndentDecreaseIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title="Indent">
        <span>
          <IconButton
            size="small"
            aria-label="Indent"
            disabled={disabled}
            onClick={() => {
              editor.dispatchCommand(INDENT_CONTENT_COMMAND, undefined);
              refocus();
            }}
          >
            <FormatIndentIncreaseIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  );
}
