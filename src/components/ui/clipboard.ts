/** Copying text to the clipboard from a click, in every browser the shop supports. */

/**
 * Copies `text`; false when the browser refused. Without clipboard permission (some browsers, http
 * pages) the old way still works: a hidden text area selected and copied. It is put `within` the
 * element the click came from when that is inside a modal dialog, where the rest of the page
 * cannot take the selection.
 */
export async function copyText(text: string, within: HTMLElement = document.body): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    within.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}
