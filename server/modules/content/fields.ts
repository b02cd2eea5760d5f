import { z } from 'zod';
import { formText } from '../../http/crud';
import './messages';

/** zod fields shared by the content resources (messages in ./messages). */

const issue = (ctx: z.core.$RefinementCtx, input: unknown, messageKey: string) =>
  ctx.addIssue({ code: 'custom', input, params: { messageKey } });

/** An image/file address: http(s) URL or an upload path `/uploads/…`. */
export const isFileUrl = (v: string) => /^https?:\/\/[^\s<>"']+$/i.test(v) || /^\/uploads\/[^\s<>"']+$/.test(v);

/** '' or an image/file address (isFileUrl). */
export const formUrl = (max = 150) =>
  formText({ max }).transform((v, ctx) => {
    if (v === '' || isFileUrl(v)) return v;
    issue(ctx, v, 'content.badUrl');
    return z.NEVER;
  });

/** '' or a link target: http(s) URL or a site path `/…` (never `javascript:` and the like). */
export const formLink = (max = 150) =>
  formText({ max }).transform((v, ctx) => {
    if (v === '' || /^https?:\/\/[^\s<>"']+$/i.test(v) || /^\/(?!\/)[^\s<>"']*$/.test(v)) return v;
    issue(ctx, v, 'content.badLink');
    return z.NEVER;
  });

/** A short machine name: letters, digits, `_` and `-`. */
export const formCode = (max: number) =>
  formText({ max, min: 1 }).transform((v, ctx) => {
    if (/^[A-Za-z0-9_-]+$/.test(v)) return v;
    issue(ctx, v, 'content.badCode');
    return z.NEVER;
  });
