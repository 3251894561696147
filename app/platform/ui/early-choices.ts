// A choice made in a <select> between the server's HTML and hydration: hydration puts the server's
// value back on a controlled select, so the choice would be lost without a word. The choices are
// read before hydrating and replayed once hydrated, as the change the visitor made.

interface EarlyChoice {
  id: string;
  value: string;
}

let early: EarlyChoice[] = [];

/** Before hydrating: every select (with an id) whose value is not the one the server chose. */
export function captureEarlyChoices(): void {
  early = [...document.querySelectorAll<HTMLSelectElement>("select[id]")].flatMap((select) => {
    const served =
      [...select.options].find((option) => option.defaultSelected) ?? select.options[0];
    return served && select.value !== served.value ? [{ id: select.id, value: select.value }] : [];
  });
}

/** Once hydrated: each early choice made again, so the page's own change handler sees it. */
export function replayEarlyChoices(): void {
  const setValue = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, "value")?.set;
  for (const { id, value } of early) {
    const select = document.getElementById(id);
    if (!(select instanceof HTMLSelectElement) || !setValue) continue;
    // Whether hydration put the server's value back or left the DOM's, React has not seen it.
    setValue.call(select, value);
    select.dispatchEvent(new Event("change", { bubbles: true }));
  }
  early = [];
}
