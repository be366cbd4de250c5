import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';

export interface HeaderMenuLink {
  to: string;
  label: string;
}

/** Headless UI's own type-ahead pause, which public-site-and-admin.md 9 names: 350 ms. */
export const TYPE_AHEAD_RESET_MS = 350;

const TABBABLE = 'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

/**
 * Focus the tabbable element before or after `from` in document order (what Tab would do),
 * passing over what is inside `skip` (the closing menu).
 */
function focusBeside(from: HTMLElement, direction: 1 | -1, skip: HTMLElement | null): void {
  // checkVisibility leaves out what is not rendered (a phone-only button on a desktop screen).
  const tabbables = [...document.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (element) => !skip?.contains(element) && (element.checkVisibility?.() ?? true),
  );
  const index = tabbables.indexOf(from);
  (tabbables[index + direction] ?? from).focus();
}

/** The next item whose label starts with `query`, looking from the active one on (Headless UI's rule). */
function searchItems(labels: readonly string[], active: number | null, query: string, continuing: boolean): number | null {
  const indices = [...labels.keys()];
  const start = active === null ? 0 : active + (continuing ? 0 : 1);
  return indices.slice(start).concat(indices.slice(0, start)).find((index) => labels[index]?.toLowerCase().startsWith(query)) ?? null;
}

function Chevron() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 transition-transform group-data-open:rotate-180">
      <path fill="currentColor" d="M5.2 7.2a.75.75 0 0 1 1.06 0L10 10.94l3.74-3.74a.75.75 0 1 1 1.06 1.06l-4.27 4.27a.75.75 0 0 1-1.06 0L5.2 8.26a.75.75 0 0 1 0-1.06Z" />
    </svg>
  );
}

/**
 * A header dropdown of links, the WAI-ARIA menu button pattern with Headless UI Menu's keyboard
 * behaviour: Enter, Space or ArrowDown open it on the first item and ArrowUp on the last; the
 * arrows, Home/PageUp and End/PageDown move; typing jumps to the next item that starts with
 * what was typed (the typed text resets after 350 ms, public-site-and-admin.md 9); Enter or
 * Space follows the item; Escape closes it and gives focus back to the button; Tab closes it
 * and moves on; a click outside closes it. Written here rather than taken from Headless UI:
 * its Menu brings Floating UI and React Aria, about 29 KB of gzipped JavaScript, which every
 * public page would load before it is interactive (docs/decisions/024-public-first-load.md).
 */
export function HeaderMenu({ label, links }: { label: string; links: readonly HeaderMenuLink[] }) {
  const id = useId();
  const buttonId = `${id}button`;
  const menuId = `${id}menu`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState<number | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const itemRefs = useRef<Array<HTMLAnchorElement | null>>([]);
  const search = useRef<{ query: string; timer: number | undefined }>({ query: '', timer: undefined });
  const labels = links.map((link) => link.label);

  const openMenu = (first: number | null) => {
    setActive(first);
    setOpen(true);
  };
  const closeMenu = () => {
    setOpen(false);
    setActive(null);
    window.clearTimeout(search.current.timer);
    search.current.query = '';
  };
  /** Closes the menu and gives focus back to its button, as after Escape or a chosen item. */
  const closeToButton = () => {
    closeMenu();
    buttonRef.current?.focus({ preventScroll: true });
  };

  // Focus sits on the menu while it is open; the active item is its aria-activedescendant.
  useEffect(() => {
    if (open) menuRef.current?.focus({ preventScroll: true });
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (buttonRef.current?.contains(target) || menuRef.current?.contains(target)) return;
      setOpen(false);
      setActive(null);
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, [open]);

  useEffect(() => () => window.clearTimeout(search.current.timer), []);

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
      event.preventDefault();
      openMenu(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu(links.length - 1);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = links.length - 1;
    const continuing = search.current.query !== '';
    // Space while typing is part of the search; otherwise it follows the item, as Enter does.
    if (event.key === ' ' && continuing) {
      event.preventDefault();
      typeAhead(' ');
      return;
    }
    switch (event.key) {
      case ' ':
      case 'Enter':
        event.preventDefault();
        if (active !== null) itemRefs.current[active]?.click();
        closeToButton();
        return;
      case 'ArrowDown':
        event.preventDefault();
        setActive((current) => (current === null ? 0 : Math.min(current + 1, last)));
        return;
      case 'ArrowUp':
        event.preventDefault();
        setActive((current) => (current === null ? last : Math.max(current - 1, 0)));
        return;
      case 'Home':
      case 'PageUp':
        event.preventDefault();
        setActive(0);
        return;
      case 'End':
      case 'PageDown':
        event.preventDefault();
        setActive(last);
        return;
      case 'Escape':
        event.preventDefault();
        closeToButton();
        return;
      case 'Tab':
        event.preventDefault();
        closeMenu();
        if (buttonRef.current) focusBeside(buttonRef.current, event.shiftKey ? -1 : 1, menuRef.current);
        return;
      default:
        if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) typeAhead(event.key);
    }
  };

  function typeAhead(key: string) {
    const continuing = search.current.query !== '';
    search.current.query += key.toLowerCase();
    const match = searchItems(labels, active, search.current.query, continuing);
    if (match !== null) setActive(match);
    window.clearTimeout(search.current.timer);
    search.current.timer = window.setTimeout(() => {
      search.current.query = '';
    }, TYPE_AHEAD_RESET_MS);
  }

  return (
    <div className="relative flex">
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-open={open ? '' : undefined}
        onClick={() => (open ? closeToButton() : openMenu(null))}
        onKeyDown={onButtonKeyDown}
        // Space clicks a button on key up: the key down already opened the menu.
        onKeyUp={(event) => event.key === ' ' && event.preventDefault()}
        className="group inline-flex min-h-10 items-center gap-1 rounded-lg px-3 py-2 text-sm font-semibold text-ink-700 hover:bg-ink-100 hover:text-ink-900 data-open:bg-ink-100"
      >
        {label}
        <Chevron />
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          tabIndex={0}
          aria-labelledby={buttonId}
          aria-activedescendant={active === null ? undefined : `${id}item${active}`}
          onKeyDown={onMenuKeyDown}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget) && event.relatedTarget !== buttonRef.current && event.relatedTarget !== null) closeMenu();
          }}
          className="absolute top-full left-0 z-40 mt-1 w-56 rounded-xl border border-ink-200 bg-white p-1 shadow-lg focus:outline-none"
        >
          {links.map((link, index) => (
            <Link
              key={link.to}
              ref={(element) => {
                itemRefs.current[index] = element;
              }}
              id={`${id}item${index}`}
              to={link.to}
              role="menuitem"
              tabIndex={-1}
              data-focus={active === index ? '' : undefined}
              onPointerMove={() => active !== index && setActive(index)}
              onPointerLeave={() => setActive(null)}
              onClick={closeToButton}
              className="block rounded-lg px-3 py-2 text-sm text-ink-700 data-focus:bg-brand-50 data-focus:text-brand-800"
            >
              {link.label}
            </Link>
          ))}
        </div>
      )}
    </div>
  );
}
