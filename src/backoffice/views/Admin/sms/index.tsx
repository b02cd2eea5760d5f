import { definePage } from '../../../table/definePage';
import type { FormField, PageConfig } from '../../../table/types';
import { createdAtColumn, createdAtView } from '../shared/columns';

/** Menu view `Admin/sms/index`: SMS templates (register, forget_password, edit_user…). */
const fields: FormField[] = [
  { label: 'page.sms.name', value: 'name', span: 12, hint: 'page.sms.nameHint' },
  { label: 'page.sms.code', value: 'code', span: 12 },
  { label: 'page.sms.content', value: 'content', span: 12 },
  { label: 'page.sms.description', value: 'description', type: 'textarea', maxLength: 30 },
];

export const smsPage: PageConfig = {
  url: '/Admin/sms',
  buttons: { destroy: true, import: true },
  columns: [
    { label: 'page.sms.name', value: 'name' },
    { label: 'page.sms.code', value: 'code', type: 'tags' },
    { label: 'page.sms.content', value: 'content' },
    { label: 'page.sms.description', value: 'description' },
    createdAtColumn,
  ],
  search: [
    { label: 'page.sms.name', value: 'name', where: 'likeRight' },
    { label: 'page.sms.code', value: 'code', where: 'likeRight' },
    { label: 'page.sms.content', value: 'content', where: 'likeRight' },
  ],
  form: {
    add: fields,
    edit: fields,
    view: [
      { label: 'page.sms.name', value: 'name' },
      { label: 'page.sms.code', value: 'code', viewType: 'tag' },
      { label: 'page.sms.content', value: 'content' },
      { label: 'page.sms.description', value: 'description' },
      createdAtView,
    ],
    rules: {
      name: [{ required: true }, { maxLength: 30 }, { pattern: /^[A-Za-z0-9_]+$/, message: 'page.sms.nameRule' }],
      code: [{ required: true }, { maxLength: 30 }],
      content: [{ required: true }, { maxLength: 25 }],
      description: [{ maxLength: 30 }],
    },
  },
};

export default definePage(smsPage);
