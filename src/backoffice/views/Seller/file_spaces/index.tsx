import { useId, useState } from 'react';
import { Icon } from '../../../../ui/icons';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../../ui/Button';
import { ConfirmDialog } from '../../../../ui/ConfirmDialog';
import { Spinner } from '../../../../ui/Spinner';
import { toast } from '../../../../ui/toast';
import { FolderDialog } from './FolderDialog';
import { SpaceImageGrid } from './SpaceImageGrid';
import { TEMP_FOLDER_ID, deleteFolder, deleteImage, pickProblem, uploadInto, type Folder, type SpaceImage } from './spaceApi';
import { useSpaceFolders, useSpaceImages } from './useImageSpace';

const PICK_ERRORS = { notImage: 'upload.notImage', tooLarge: 'upload.tooLarge', tooMany: 'upload.tooMany' } as const;

type Pending = { kind: 'folder'; folder: Folder } | { kind: 'image'; image: SpaceImage };

/** Menu view `Seller/file_spaces/index`: the store's image space, folders on the left, images on the right. */
export default function FileSpacesPage() {
  const intl = useIntl();
  const uploadId = useId();
  const { all: allFolders, refresh: refreshFolders } = useSpaceFolders(intl.formatMessage({ id: 'page.fileSpaces.tempFolder' }));
  const space = useSpaceImages(TEMP_FOLDER_ID);
  const current = space.dir ?? TEMP_FOLDER_ID;
  const [uploading, setUploading] = useState(0);
  const [editing, setEditing] = useState<{ folder: Folder | null } | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [deleting, setDeleting] = useState(false);

  const pick = async (files: File[]) => {
    const problem = pickProblem(files);
    if (problem) return toast.error(intl.formatMessage({ id: PICK_ERRORS[problem] }));
    setUploading(files.length);
    let done = 0;
    for (const file of files) {
      const result = await uploadInto(current, file);
      if (result.kind === 'ok') done++;
      setUploading((n) => n - 1);
    }
    if (done) toast.success(intl.formatMessage({ id: 'page.fileSpaces.uploaded' }, { count: done }));
    space.refresh();
  };

  const confirmDelete = async () => {
    if (!pending) return;
    setDeleting(true);
    const result = pending.kind === 'folder' ? await deleteFolder(pending.folder.id) : await deleteImage(pending.image.id);
    setDeleting(false);
    const wasFolder = pending.kind === 'folder' ? pending.folder.id : null;
    setPending(null);
    if (result.kind !== 'ok') return;
    toast.success(intl.formatMessage({ id: 'msg.success' }));
    if (wasFolder !== null) {
      await refreshFolders();
      if (wasFolder === current) space.open(TEMP_FOLDER_ID);
    } else space.refresh();
  };

  const currentName = allFolders.find((f) => f.id === current)?.name ?? '';

  return (
    <div className="flex flex-col gap-4 rounded bg-white p-4 md:flex-row">
      <nav aria-label={intl.formatMessage({ id: 'page.fileSpaces.folders' })} className="flex shrink-0 flex-col gap-2 md:w-56">
        <Button variant="office" onClick={() => setEditing({ folder: null })}>
          <FormattedMessage id="page.fileSpaces.addFolder" />
        </Button>
        <ul className="flex flex-col gap-1">
          {allFolders.map((folder) => (
            <li key={folder.id} className={`flex items-center gap-1 rounded ${folder.id === current ? 'bg-blue-50' : ''}`}>
              <button
                type="button"
                aria-current={folder.id === current ? 'true' : undefined}
                onClick={() => space.open(folder.id)}
                className="focus-ring min-w-0 flex-1 truncate rounded px-2 py-1.5 text-left text-sm text-slate-800 hover:bg-slate-100"
              >
                <Icon name="folder" className="mr-1 inline h-4 w-4 align-[-2px] text-amber-600" />
                {folder.name}
              </button>
              {folder.id !== TEMP_FOLDER_ID && (
                <>
                  <button
                    type="button"
                    className="focus-ring rounded px-1 text-xs text-slate-700 hover:text-office"
                    aria-label={intl.formatMessage({ id: 'page.fileSpaces.renameNamed' }, { name: folder.name })}
                    onClick={() => setEditing({ folder })}
                  >
                    <Icon name="pencil" className="h-4 w-4" />
                  </button>
                  <button
                    type="button"
                    className="focus-ring rounded px-1 text-xs text-red-700"
                    aria-label={intl.formatMessage({ id: 'page.fileSpaces.deleteFolderNamed' }, { name: folder.name })}
                    onClick={() => setPending({ kind: 'folder', folder })}
                  >
                    <Icon name="close" className="h-4 w-4" />
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby={`${uploadId}-title`} className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id={`${uploadId}-title`} className="text-base font-semibold text-slate-900">
            {currentName}
          </h2>
          <label htmlFor={uploadId} className="focus-within:outline-office cursor-pointer rounded bg-office px-3 py-1.5 text-sm text-white hover:bg-office-dark focus-within:outline-2">
            <FormattedMessage id="page.fileSpaces.upload" />
            <input
              id={uploadId}
              type="file"
              accept="image/*"
              multiple
              className="sr-only"
              disabled={uploading > 0}
              onChange={(e) => {
                const files = Array.from(e.target.files ?? []);
                e.target.value = '';
                if (files.length) void pick(files);
              }}
            />
          </label>
          {uploading > 0 && (
            <span className="flex items-center gap-2 text-sm text-slate-700" role="status">
              <Spinner size="sm" />
              <FormattedMessage id="page.fileSpaces.uploading" values={{ count: uploading }} />
            </span>
          )}
          <span className="rounded border border-amber-300 bg-amber-50 px-2 py-0.5 text-xs text-amber-900">
            <FormattedMessage id="page.fileSpaces.notice" />
          </span>
        </div>
        <SpaceImageGrid
          space={space}
          columns="grid-cols-2 sm:grid-cols-3 lg:grid-cols-5"
          testId="space-images"
          card={(image) => (
            <>
              <a href={image.url} target="_blank" rel="noopener noreferrer" className="focus-ring block aspect-square overflow-hidden rounded bg-slate-50">
                <img src={image.url} alt={image.name} loading="lazy" className="h-full w-full object-contain" />
              </a>
              <p className="truncate text-xs text-slate-700" title={image.name}>
                {image.name}
              </p>
              <div className="flex items-center justify-between text-xs text-slate-500">
                <span>{image.info}</span>
                <button
                  type="button"
                  className="focus-ring rounded px-1 text-red-700"
                  aria-label={intl.formatMessage({ id: 'page.fileSpaces.deleteImageNamed' }, { name: image.name })}
                  onClick={() => setPending({ kind: 'image', image })}
                >
                  <FormattedMessage id="page.fileSpaces.delete" />
                </button>
              </div>
            </>
          )}
        />
      </section>
      {editing && (
        <FolderDialog
          folder={editing.folder}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            toast.success(intl.formatMessage({ id: 'msg.success' }));
            void refreshFolders();
          }}
        />
      )}
      <ConfirmDialog
        open={pending !== null}
        busy={deleting}
        title={<FormattedMessage id="msg.warning" />}
        message={
          pending?.kind === 'folder' ? (
            <FormattedMessage id="page.fileSpaces.confirmFolder" values={{ name: pending.folder.name }} />
          ) : (
            <FormattedMessage id="page.fileSpaces.confirmImage" values={{ name: pending?.kind === 'image' ? pending.image.name : '' }} />
          )
        }
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPending(null)}
      />
    </div>
  );
}
