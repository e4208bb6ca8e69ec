import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './tabs.css';

export interface Tab<Id extends string | number> {
  id: Id;
  label: string;
}

interface TabsProps<Id extends string | number> {
  /** Names the tab list for screen readers. */
  label: string;
  tabs: readonly Tab<Id>[];
  selected: Id | undefined;
  onSelect: (id: Id) => void;
  /** The panel of the selected tab. */
  children: ReactNode;
  /** Puts the panel in the Tab order, for panels without controls of their own. */
  focusablePanel?: boolean;
  /** A tab is pointed at or focused: its panel's code may be fetched before it is chosen. */
  onPrefetch?: (id: Id) => void;
}

/**
 * WAI-ARIA tabs with automatic activation: arrow keys (mirrored right-to-left), Home and End
 * move between tabs; only the selected tab is in the Tab order. One panel shows the selection.
 */
export function Tabs<Id extends string | number>({ label, tabs, selected, onSelect, children, focusablePanel, onPrefetch }: TabsProps<Id>) {
  const baseId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const tabId = (id: Id) => `${baseId}-tab-${id}`;
  const panelId = `${baseId}-panel`;
  const selectedIndex = Math.max(
    0,
    tabs.findIndex((tab) => tab.id === selected),
  );

  const move = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length];
    if (!tab) return;
    onSelect(tab.id);
    listRef.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(tab.id))}`)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
    if (step !== undefined) move(selectedIndex + step);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(tabs.length - 1);
    else return;
    event.preventDefault();
  };

  return (
    <div className="tabs">
      {tabs.length > 0 ? (
        <div ref={listRef} role="tablist" aria-label={label} className="tab-list" onKeyDown={onKeyDown}>
          {tabs.map((tab, index) => {
            const active = index === selectedIndex;
            return (
              <button
                key={tab.id}
                id={tabId(tab.id)}
                type="button"
                role="tab"
                className="tab"
                aria-selected={active}
                aria-controls={active ? panelId : undefined}
                tabIndex={active ? 0 : -1}
                onClick={() => onSelect(tab.id)}
                onPointerEnter={onPrefetch ? () => onPrefetch(tab.id) : undefined}
                onFocus={onPrefetch ? () => onPrefetch(tab.id) : undefined}
              >
                {tab.label}
              </button>
            );
          })}
        </div>
      ) : null}
      <div
        id={panelId}
        role={tabs.length > 0 ? 'tabpanel' : undefined}
        aria-labelledby={tabs[selectedIndex] ? tabId(tabs[selectedIndex].id) : undefined}
        className="tab-panel"
        tabIndex={focusablePanel ? 0 : undefined}
      >
        {children}
      </div>
    </div>
  );
}
