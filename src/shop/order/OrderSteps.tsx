import { FormattedMessage, useIntl } from 'react-intl';
import { Steps } from '../cart/Steps';

/** The buying step bar (screens §3.7): cart, address, payment, done; `active` 1–4. */
export function OrderSteps({ active }: { active: number }) {
  const intl = useIntl();
  return (
    <Steps
      label={intl.formatMessage({ id: 'shop.cart.steps' })}
      doneLabel={intl.formatMessage({ id: 'shop.cart.stepDone' })}
      active={active}
      steps={[
        <FormattedMessage key="1" id="shop.cart.step1" />,
        <FormattedMessage key="2" id="shop.cart.step2" />,
        <FormattedMessage key="3" id="shop.cart.step3" />,
        <FormattedMessage key="4" id="shop.cart.step4" />,
      ]}
    />
  );
}
