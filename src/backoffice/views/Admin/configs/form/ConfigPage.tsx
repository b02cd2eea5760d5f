import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Redirect, useLocation } from 'wouter';
import { ConfigTabForm } from './ConfigTabForm';
import type { ConfigTab } from './types';

export interface ConfigPageProps {
  tabs: ConfigTab[];
  /** Extra content above the tabs (links to related pages). */
  header?: ReactNode;
  /**
   * The address of each tab (form/paths.ts): the tab shown is the one at the current address,
   * choosing a tab goes to its address. Without it (a single tab) the page has one address.
   */
  pathOf?: (tab: ConfigTab, index: number) => string;
}

/**
 * A configuration page: a vertical tab list, one form per tab (each loaded when first opened:
 * Headless UI mounts only the selected panel).
 */
export function ConfigPage({ tabs, header, pathOf }: ConfigPageProps) {
  const [location, navigate] = useLocation();
  const selected = pathOf ? tabs.findIndex((tab, i) => pathOf(tab, i) === location) : undefined;
  // an address under the page that names no tab: the first tab, at its own address
  if (pathOf && selected === -1) return <Redirect to={pathOf(tabs[0], 0)} replace />;
  return (
    <div className="flex flex-col gap-4 rounded bg-white p-4">
      {header}
      <TabGroup
        vertical
        className="flex flex-col gap-4 md:flex-row"
        selectedIndex={selected}
        onChange={pathOf ? (index) => navigate(pathOf(tabs[index], index)) : undefined}
      >
        <TabList className="flex shrink-0 flex-row flex-wrap gap-1 border-slate-200 md:w-44 md:flex-col md:border-r md:pr-2">
          {tabs.map((tab) => (
            <Tab
              key={tab.key}
              className="focus-ring rounded px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 data-[selected]:bg-office data-[selected]:text-white"
            >
              <FormattedMessage id={tab.label} />
            </Tab>
          ))}
        </TabList>
        <TabPanels className="min-w-0 flex-1">
          {tabs.map((tab) => (
            <TabPanel key={tab.key} className="focus-ring rounded">
              <ConfigTabForm tab={tab} />
            </TabPanel>
          ))}
        </TabPanels>
      </TabGroup>
    </div>
  );
}
