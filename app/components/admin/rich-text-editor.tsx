import Image from "@tiptap/extension-image";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import type { ReactNode } from "react";
import { Icon } from "~/app/components/ui/icon";
import { cn } from "~/app/components/ui/cn";

export interface RichTextEditorProps {
  id: string;
  /** The starting HTML (already sanitized on the server). */
  initialHtml: string;
  onChange: (html: string) => void;
  invalid?: boolean;
  describedBy?: string;
}

/**
 * The post editor's rich-text field (Tiptap). Its schema only knows the blocks and marks the blog's
 * allow-list keeps (no underline, strike or h1), so what it produces survives sanitizing unchanged.
 * Loaded with `lazy()` by the editor page only, so no other bundle carries it.
 */
export default function RichTextEditor({ id, initialHtml, onChange, invalid, describedBy }: RichTextEditorProps) {
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        underline: false,
        strike: false,
        link: { openOnClick: false, protocols: ["http", "https", "mailto"], defaultProtocol: "https" },
      }),
      Image.configure({ inline: false }),
    ],
    content: initialHtml,
    editorProps: {
      attributes: {
        id,
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": `${id}-label`,
        ...(invalid ? { "aria-invalid": "true" } : {}),
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        class:
          "min-h-64 px-4 py-3 outline-none [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:text-xl [&_h3]:font-semibold [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_blockquote]:border-l-4 [&_blockquote]:pl-4 [&_a]:text-primary [&_a]:underline [&_p]:my-2 [&_img]:max-w-full",
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? "" : current.getHTML()),
  });

  return (
    <div className={cn("rounded-md border bg-background", invalid && "border-destructive")}>
      {editor && <Toolbar editor={editor} />}
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive("bold"),
      italic: current.isActive("italic"),
      code: current.isActive("code"),
      h2: current.isActive("heading", { level: 2 }),
      h3: current.isActive("heading", { level: 3 }),
      bullet: current.isActive("bulletList"),
      ordered: current.isActive("orderedList"),
      quote: current.isActive("blockquote"),
      link: current.isActive("link"),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const setLink = () => {
    const previous = (editor.getAttributes("link").href as string | undefined) ?? "https://";
    const href = window.prompt("Link address", previous);
    if (href === null) return;
    if (href.trim() === "") chain().unsetLink().run();
    else chain().extendMarkRange("link").setLink({ href: href.trim() }).run();
  };
  const addImage = () => {
    const src = window.prompt("Image address (https://…)");
    if (src && /^https:\/\//i.test(src.trim())) chain().setImage({ src: src.trim() }).run();
  };
  return (
    <div role="toolbar" aria-label="Formatting" className="flex flex-wrap gap-1 border-b bg-slate-50 p-1">
      <Tool label="Bold" active={state.bold} onClick={() => chain().toggleBold().run()}>
        <Icon name="letter-b" />
      </Tool>
      <Tool label="Italic" active={state.italic} onClick={() => chain().toggleItalic().run()}>
        <Icon name="italic" />
      </Tool>
      <Tool label="Heading 2" active={state.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
        <Icon name="heading-2" />
      </Tool>
      <Tool label="Heading 3" active={state.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
        <Icon name="heading-3" />
      </Tool>
      <Tool label="Bulleted list" active={state.bullet} onClick={() => chain().toggleBulletList().run()}>
        <Icon name="list" />
      </Tool>
      <Tool label="Numbered list" active={state.ordered} onClick={() => chain().toggleOrderedList().run()}>
        <Icon name="list-ordered" />
      </Tool>
      <Tool label="Quote" active={state.quote} onClick={() => chain().toggleBlockquote().run()}>
        <Icon name="quote" />
      </Tool>
      <Tool label="Code" active={state.code} onClick={() => chain().toggleCode().run()}>
        <Icon name="code" />
      </Tool>
      <Tool label="Link" active={state.link} onClick={setLink}>
        <Icon name="link-2" />
      </Tool>
      <Tool label="Image" onClick={addImage}>
        <Icon name="image-plus" />
      </Tool>
      <Tool label="Divider" onClick={() => chain().setHorizontalRule().run()}>
        <Icon name="minus" />
      </Tool>
      <Tool label="Undo" disabled={!state.canUndo} onClick={() => chain().undo().run()}>
        <Icon name="undo-2" />
      </Tool>
      <Tool label="Redo" disabled={!state.canRedo} onClick={() => chain().redo().run()}>
        <Icon name="redo-2" />
      </Tool>
    </div>
  );
}

function Tool({
  label,
  active,
  disabled,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active}
      disabled={disabled}
      // A click keeps the focus (and the selection) in the text: the command then applies where the
      // writer was, and what they type next lands there, not on the button.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={cn(
        "flex size-8 items-center justify-center rounded disabled:opacity-40 [&_svg]:size-4",
        active ? "bg-slate-900 text-white hover:bg-slate-800" : "text-slate-700 hover:bg-slate-200",
      )}
    >
      {children}
    </button>
  );
}
