import { Tab, TabList, TabPanel, TabProvider } from '@ariakit/react'
import type { ReactNode } from 'react'
import { focusRing } from './control-styles'

export interface TabItem {
  id: string
  label: ReactNode
  content: ReactNode
}

// WAI-ARIA tabs (arrow keys move between tabs, Tab goes into the panel), by Ariakit. Hidden panels
// stay mounted, so work in one (an upload) goes on while another is shown.
export function Tabs({
  label,
  tabs,
  selectedId,
  onSelect,
}: {
  /** Names the list of tabs for screen readers. */
  label: string
  tabs: TabItem[]
  selectedId?: string
  onSelect?: (id: string) => void
}) {
  return (
    <TabProvider
      defaultSelectedId={tabs[0]?.id}
      {...(selectedId ? { selectedId } : {})}
      setSelectedId={(id) => id && onSelect?.(id)}
    >
      <TabList aria-label={label} className="flex gap-1 border-b border-slate-300">
        {tabs.map((tab) => (
          <Tab
            key={tab.id}
            id={tab.id}
            className={`-mb-px rounded-t-md border border-transparent px-4 py-2 text-sm font-medium text-slate-700 hover:text-slate-950 aria-selected:border-slate-300 aria-selected:border-b-slate-50 aria-selected:bg-slate-50 aria-selected:text-slate-950 ${focusRing}`}
          >
            {tab.label}
          </Tab>
        ))}
      </TabList>
      {tabs.map((tab) => (
        <TabPanel key={tab.id} tabId={tab.id} className={`pt-4 ${focusRing}`}>
          {tab.content}
        </TabPanel>
      ))}
    </TabProvider>
  )
}
