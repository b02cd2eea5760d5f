import { useEffect, useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { go } from '../../app/navigation';
import { keywordsFromSearchPath, MAX_KEYWORDS, searchPath } from './searchParam';

/** Search input; Enter or the button goes to the search page. */
export function SearchBox() {
  const intl = useIntl();
  const id = useId();
  const [location] = useLocation();
  const [text, setText] = useState(() => keywordsFromSearchPath(location));
  useEffect(() => {
    if (location.startsWith('/s/')) setText(keywordsFromSearchPath(location));
  }, [location]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go(searchPath(text));
  };
  return (
    <form role="search" onSubmit={submit} className="flex h-9 w-full max-w-[520px] border-2 border-brand md:h-10">
      <label htmlFor={id} className="sr-only">
        <FormattedMessage id="shop.search.label" />
      </label>
      <input
        id={id}
        type="search"
        value={text}
        maxLength={MAX_KEYWORDS}
        onChange={(e) => setText(e.target.value)}
        placeholder={intl.formatMessage({ id: 'shop.search.placeholder' })}
        className="min-w-0 flex-1 px-3 text-sm text-slate-900 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-office"
      />
      <button type="submit" className="focus-ring shrink-0 bg-brand px-3 text-sm font-medium text-white hover:bg-brand-dark md:px-5">
        <FormattedMessage id="shop.search.button" />
      </button>
    </form>
  );
}
