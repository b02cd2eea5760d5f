import type { ReactNode } from 'react';

export interface UploadButtonProps {
  id: string;
  caption: ReactNode;
  onFiles: (files: File[]) => void;
  accept?: string;
  multiple?: boolean;
  disabled?: boolean;
  describedBy?: string;
}

/**
 * A styled "upload" button over a visually hidden file input (no browser "Choose File / No file
 * chosen" box): keyboard focus lands on the input and shows on the button.
 */
export function UploadButton({ id, caption, onFiles, accept, multiple, disabled, describedBy }: UploadButtonProps) {
  return (
    <label
      className={`inline-flex cursor-pointer items-center rounded border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-800 focus-within:outline-2 focus-within:outline-office hover:border-office ${disabled ? 'cursor-not-allowed opacity-60' : ''}`}
    >
      {caption}
      <input
        id={id}
        type="file"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        aria-describedby={describedBy}
        className="sr-only"
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </label>
  );
}
