import { FormattedMessage } from 'react-intl';
import { useCommon } from './commonStore';

export function Footer() {
  const { data } = useCommon();
  const name = data?.common.web_name || 'Souk';
  const icp = data?.common.icp;
  return (
    <footer className="mt-10 border-t border-slate-200 bg-white py-6 text-center text-xs text-slate-600">
      <p>
        <FormattedMessage id="shop.footer.copyright" values={{ name, year: new Date().getFullYear() }} />
      </p>
      {icp && (
        <p className="mt-1">
          <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer" className="focus-ring rounded hover:text-brand">
            {icp}
          </a>
        </p>
      )}
    </footer>
  );
}
