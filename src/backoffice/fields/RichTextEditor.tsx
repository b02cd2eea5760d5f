import Image from '@tiptap/extension-image';
import { Icon } from '../../ui/icons';
import Link from '@tiptap/extension-link';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { UPLOAD_MAX_BYTES } from '../../../machines/upload.machine';
import { uploadFile } from '../../api/uploads';
import { unwrap } from '../../app/sessionActors';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import { parseStored, storeRichText } from './richText';
import type { FieldWidgetProps } from './types';
import { uploadErrorText } from '../../app/uploadMachine';

/** Spec §9: outer 385 px, editing area 300 px. */
export const EDITOR_HEIGHT = 385;
export const EDITOR_AREA_HEIGHT = 300;
/** Upload time-out of editor images (spec §5). */
const IMAGE_TIMEOUT_MS = 5000;
/** Images up to 5 KB are inlined as base64 (spec §5). */
const INLINE_MAX_BYTES = 5 * 1024;

function ToolButton({ label, active, onClick, children, disabled }: { label: string; active?: boolean; onClick: () => void; children: ReactNode; disabled?: boolean }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active === undefined ? undefined : active}
      disabled={disabled}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className={`focus-ring inline-flex h-8 min-w-8 items-center justify-center rounded px-1.5 text-sm ${active ? 'bg-slate-200 text-slate-900' : 'text-slate-700 hover:bg-slate-100'} disabled:text-slate-400`}
    >
      {children}
    </button>
  );
}

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/** Rich text (TipTap): bold, italic, headings, lists, link, image upload (name=editor); value html##qingwuit##json. */
export default function RichTextEditor({ field, value, onChange, id, labelId, describedBy, area }: FieldWidgetProps) {
  const intl = useIntl();
  const label = (key: string) => intl.formatMessage({ id: key });
  const fileRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  /** The value the document shows (set at creation, then by each edit). */
  const emitted = useRef<string>(typeof value === 'string' ? value : '');
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const height = field.height ?? EDITOR_HEIGHT;

  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false, heading: { levels: [2, 3] } }),
      // No `protocols`: http, https and mailto are linkify's own schemes (and allowed links by
      // default). Registering them made every editor after the first warn "linkifyjs: already
      // initialized - will not register custom scheme" (linkify registers schemes only before it
      // first runs).
      Link.configure({ openOnClick: false, autolink: true }),
      Image.configure({ allowBase64: true }),
    ],
    content: (() => {
      const stored = parseStored(value);
      return stored.doc ?? stored.html;
    })(),
    editable: !field.disabled,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        class: 'prose prose-sm max-w-none h-full overflow-auto px-3 py-2 text-sm text-slate-900 focus:outline-none',
      },
    },
    onUpdate: ({ editor: e }) => {
      const next = e.isEmpty ? '' : storeRichText(e.getHTML(), e.getJSON());
      emitted.current = next;
      onChangeRef.current(next);
    },
  });

  // A value changed from outside (edit dialog loaded the record): replace the document.
  useEffect(() => {
    const next = typeof value === 'string' ? value : '';
    if (!editor || editor.isDestroyed || next === emitted.current) return;
    const stored = parseStored(value);
    emitted.current = next;
    editor.commands.setContent(stored.doc ?? stored.html, { emitUpdate: false });
  }, [editor, value]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }: { editor: Editor | null }) => ({
      bold: !!e?.isActive('bold'),
      italic: !!e?.isActive('italic'),
      h2: !!e?.isActive('heading', { level: 2 }),
      h3: !!e?.isActive('heading', { level: 3 }),
      bullet: !!e?.isActive('bulletList'),
      ordered: !!e?.isActive('orderedList'),
      link: !!e?.isActive('link'),
    }),
  });

  const insertImages = async (files: File[]) => {
    if (!editor) return;
    const images = files.filter((f) => /^image\//i.test(f.type));
    if (images.length !== files.length) return void toast.error(uploadErrorText('notImage'));
    if (images.some((f) => f.size > UPLOAD_MAX_BYTES)) return void toast.error(uploadErrorText('tooLarge'));
    if (images.length > 10) return void toast.error(uploadErrorText('tooMany'));
    setUploading(true);
    try {
      for (const file of images) {
        let src: string;
        if (file.size <= INLINE_MAX_BYTES) src = await readAsDataUrl(file);
        else {
          const controller = new AbortController();
          const timer = setTimeout(() => controller.abort(), IMAGE_TIMEOUT_MS);
          try {
            src = unwrap(await uploadFile(area, file, { name: field.folder ?? 'editor' }, { quiet: true, signal: controller.signal }));
          } finally {
            clearTimeout(timer);
          }
        }
        editor.chain().focus().setImage({ src, alt: file.name }).run();
      }
    } catch (error) {
      const msg = (error as { msg?: string }).msg;
      toast.error(msg || uploadErrorText('uploadFailed'));
    } finally {
      setUploading(false);
    }
  };

  const setLink = () => {
    if (!editor) return;
    const previous = (editor.getAttributes('link').href as string | undefined) ?? '';
    const url = window.prompt(label('editor.linkPrompt'), previous);
    if (url === null) return;
    if (url.trim() === '') editor.chain().focus().extendMarkRange('link').unsetLink().run();
    else editor.chain().focus().extendMarkRange('link').setLink({ href: url.trim() }).run();
  };

  const on = state ?? { bold: false, italic: false, h2: false, h3: false, bullet: false, ordered: false, link: false };
  return (
    <div style={{ height }} className="flex flex-col overflow-hidden rounded border border-slate-400 focus-within:outline-2 focus-within:outline-office">
      <div role="toolbar" aria-label={label('editor.toolbar')} className="flex flex-wrap items-center gap-0.5 border-b border-slate-200 bg-slate-50 px-1 py-1">
        <ToolButton label={label('editor.bold')} active={on.bold} onClick={() => editor?.chain().focus().toggleBold().run()}>
          <b>B</b>
        </ToolButton>
        <ToolButton label={label('editor.italic')} active={on.italic} onClick={() => editor?.chain().focus().toggleItalic().run()}>
          <i>I</i>
        </ToolButton>
        <ToolButton label={label('editor.h2')} active={on.h2} onClick={() => editor?.chain().focus().toggleHeading({ level: 2 }).run()}>
          H2
        </ToolButton>
        <ToolButton label={label('editor.h3')} active={on.h3} onClick={() => editor?.chain().focus().toggleHeading({ level: 3 }).run()}>
          H3
        </ToolButton>
        <ToolButton label={label('editor.bulletList')} active={on.bullet} onClick={() => editor?.chain().focus().toggleBulletList().run()}>
          •≡
        </ToolButton>
        <ToolButton label={label('editor.orderedList')} active={on.ordered} onClick={() => editor?.chain().focus().toggleOrderedList().run()}>
          1.≡
        </ToolButton>
        <ToolButton label={label('editor.link')} active={on.link} onClick={setLink}>
          <Icon name="link" className="h-4 w-4" />
        </ToolButton>
        <ToolButton label={label('editor.image')} onClick={() => fileRef.current?.click()} disabled={uploading}>
          <Icon name="image" className="h-4 w-4" />
        </ToolButton>
        {uploading && <Spinner size="sm" label={label('form.uploading')} />}
        <input
          ref={fileRef}
          type="file"
          accept="image/*"
          multiple
          hidden
          aria-hidden="true"
          tabIndex={-1}
          onChange={(e) => {
            const files = Array.from(e.target.files ?? []);
            e.target.value = '';
            if (files.length) void insertImages(files);
          }}
        />
      </div>
      <div style={{ height: EDITOR_AREA_HEIGHT }} className="min-h-0 flex-1 overflow-hidden">
        <EditorContent editor={editor} className="h-full" />
      </div>
    </div>
  );
}
