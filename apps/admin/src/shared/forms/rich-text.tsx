import {
  BoldOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  RedoOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Flex, Tooltip } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Rich text as the shop's descriptions take it (the server keeps headings, paragraphs, lists,
 * emphasis and links, see catalog/service.ts sanitizeDescription): a TipTap editor with a small
 * toolbar, its value HTML. A form control: antd's Form passes value / onChange.
 */
export function RichTextEditor({
  value,
  onChange,
  label,
  id,
}: {
  value?: string;
  onChange?: (html: string) => void;
  label: string;
  id?: string;
}) {
  const { t } = useTranslation();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [3, 4] }, code: false, codeBlock: false, horizontalRule: false }),
    ],
    content: value ?? '',
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        class: 'rich-text-content',
        ...(id ? { id } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChange?.(e.isEmpty ? '' : e.getHTML()),
  });
  // A new value from outside (the form reset with another goods item) replaces the content.
  useEffect(() => {
    if (editor && value !== undefined && value !== editor.getHTML() && !(value === '' && editor.isEmpty)) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      heading: e?.isActive('heading', { level: 3 }) ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
    }),
  });
  if (!editor) return null;
  const tool = (key: string, icon: React.ReactNode, active: boolean | undefined, run: () => void) => (
    <Tooltip title={t(`richText.${key}`)} key={key}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        icon={icon}
        aria-label={t(`richText.${key}`)}
        aria-pressed={active}
        onMouseDown={(e) => e.preventDefault()}
        onClick={run}
      />
    </Tooltip>
  );
  return (
    <div className="rich-text">
      <Flex className="rich-text-toolbar" gap={4} role="toolbar" aria-label={t('richText.toolbar', { label })}>
        {tool('bold', <BoldOutlined />, state?.bold, () => editor.chain().focus().toggleBold().run())}
        {tool('italic', <ItalicOutlined />, state?.italic, () => editor.chain().focus().toggleItalic().run())}
        {tool('heading', <span className="rich-text-h">H</span>, state?.heading, () =>
          editor.chain().focus().toggleHeading({ level: 3 }).run(),
        )}
        {tool('bulletList', <UnorderedListOutlined />, state?.bullet, () =>
          editor.chain().focus().toggleBulletList().run(),
        )}
        {tool('orderedList', <OrderedListOutlined />, state?.ordered, () =>
          editor.chain().focus().toggleOrderedList().run(),
        )}
        {tool('undo', <UndoOutlined />, undefined, () => editor.chain().focus().undo().run())}
        {tool('redo', <RedoOutlined />, undefined, () => editor.chain().focus().redo().run())}
      </Flex>
      <EditorContent editor={editor} />
    </div>
  );
}
