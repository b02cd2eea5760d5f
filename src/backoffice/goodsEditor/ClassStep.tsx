import { FormattedMessage, useIntl } from 'react-intl';
import { CLASS_LEVELS, classColumns, isClassComplete } from '../../../machines/goodsEditor';
import { localName } from '../../../machines/localName';
import { Button } from '../../ui/Button';
import { Empty } from '../../ui/Empty';
import { classPathText } from './text';
import type { StepProps } from './types';

/** Step 0 (seller): three columns of the store's classes (named in the reader's language); level n fills level n+1. */
export function ClassStep({ context, send }: StepProps) {
  const intl = useIntl();
  const columns = classColumns(context.classTree, context.classPath);
  const complete = isClassComplete(context.classTree, context.classPath);
  return (
    <div className="flex flex-col gap-4">
      {context.classTree.length === 0 ? (
        <Empty>
          <FormattedMessage id="page.goodsEditor.noClasses" />
        </Empty>
      ) : (
        <div className="grid gap-3 md:grid-cols-3">
          {columns.slice(0, CLASS_LEVELS).map((nodes, level) => {
            const label = intl.formatMessage({ id: 'page.goodsEditor.classLevel' }, { level: level + 1 });
            return (
              <div key={level} role="group" aria-label={label} className="h-72 overflow-auto rounded border border-slate-200">
                <p className="sticky top-0 border-b border-slate-200 bg-slate-50 px-3 py-1.5 text-xs font-medium text-slate-700">{label}</p>
                <ul>
                  {nodes.map((node) => {
                    const chosen = context.classPath[level] === node.id;
                    return (
                      <li key={node.id}>
                        <button
                          type="button"
                          aria-pressed={chosen}
                          onClick={() => send({ type: 'CLASS.PICK', level, id: node.id })}
                          className={`focus-ring flex w-full items-center justify-between px-3 py-1.5 text-left text-sm ${chosen ? 'bg-blue-50 font-semibold text-office' : 'text-slate-800 hover:bg-slate-50'}`}
                        >
                          {localName(node, intl.locale)}
                          {level < CLASS_LEVELS - 1 && <span aria-hidden="true">›</span>}
                        </button>
                      </li>
                    );
                  })}
                </ul>
              </div>
            );
          })}
        </div>
      )}
      <p className="text-sm text-slate-700">
        <FormattedMessage id="page.goodsEditor.chosenClass" values={{ path: classPathText(context, intl.locale) }} />
      </p>
      <div className="flex gap-2">
        <Button variant="office" disabled={!complete} onClick={() => send({ type: 'NEXT' })}>
          <FormattedMessage id="page.goodsEditor.nextInfo" />
        </Button>
        <Button variant="secondary" onClick={() => send({ type: 'BACK' })}>
          <FormattedMessage id="page.goodsEditor.back" />
        </Button>
      </div>
    </div>
  );
}
