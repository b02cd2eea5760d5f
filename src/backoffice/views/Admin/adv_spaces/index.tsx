import { useMemo, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { TablePage } from '../../../table/TablePage';
import type { FormField, PageConfig, Row } from '../../../table/types';
import { advsPage } from '../advs/index';
import { createdAtColumn, createdAtView, intRule } from '../shared/columns';
import { AdvQuickAdd } from './AdvQuickAdd';

/**
 * Menu view `Admin/adv_spaces/index`: ad spaces (screens §4.3). A row's "+" opens the advert
 * form with that space chosen; the view dialog lists the space's adverts.
 */
const fields: FormField[] = [
  { label: 'page.advSpaces.name', value: 'name' },
  { label: 'page.advSpaces.width', value: 'width', type: 'number', min: 0, max: 10000, span: 12 },
  { label: 'page.advSpaces.height', value: 'height', type: 'number', min: 0, max: 10000, span: 12 },
];

/** The adverts of one space, read-only, inside the space's view dialog. */
export function spaceAdvsPage(spaceId: unknown): PageConfig {
  return {
    ...advsPage,
    url: '/Admin/advs',
    params: { pid: String(spaceId) },
    columns: advsPage.columns.filter((column) => column.value !== 'pid'),
    search: [],
    buttons: { store: false, search: false, import: false, export: false, destroy: false, show: false, update: false, deletes: false },
    noActions: true,
    form: undefined,
  };
}

function SpaceAdvs({ row }: { row: Row }) {
  const config = useMemo(() => spaceAdvsPage(row.id), [row.id]);
  return (
    <section aria-labelledby="space-advs-title" className="mt-4 flex flex-col gap-2">
      <h3 id="space-advs-title" className="text-sm font-semibold text-slate-800">
        <FormattedMessage id="page.advSpaces.advs" />
      </h3>
      <TablePage config={config} />
    </section>
  );
}

export function advSpacesPage(addAdv: (row: Row) => void): PageConfig {
  return {
    url: '/Admin/adv_spaces',
    buttons: { destroy: true, import: true },
    columns: [
      { label: 'page.advSpaces.name', value: 'name' },
      { label: 'page.advSpaces.width', value: 'width', width: 100 },
      { label: 'page.advSpaces.height', value: 'height', width: 100 },
      createdAtColumn,
    ],
    search: [{ label: 'page.advSpaces.name', value: 'name', where: 'likeRight' }],
    rowActions: [{ label: 'page.advSpaces.addAdv', permission: 'admin.advs.store', onClick: (row) => addAdv(row) }],
    viewBottom: (row) => <SpaceAdvs row={row} />,
    form: {
      add: fields,
      edit: fields,
      view: [
        { label: 'page.advSpaces.name', value: 'name' },
        { label: 'page.advSpaces.width', value: 'width' },
        { label: 'page.advSpaces.height', value: 'height' },
        createdAtView,
      ],
      defaults: { width: 0, height: 0 },
      rules: { name: [{ required: true }, { maxLength: 25 }], width: [intRule(0, 10000)], height: [intRule(0, 10000)] },
    },
  };
}

export default function AdvSpacesPage() {
  const [space, setSpace] = useState<{ id: number; name?: string } | null>(null);
  const config = useMemo(() => advSpacesPage((row) => setSpace({ id: Number(row.id), name: typeof row.name === 'string' ? row.name : undefined })), []);
  return (
    <>
      <TablePage config={config} />
      {space && <AdvQuickAdd key={space.id} space={space} onClose={() => setSpace(null)} />}
    </>
  );
}
