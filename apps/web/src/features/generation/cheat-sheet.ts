const KEY = 'quire_cheat_sheet';

/** Whether the cheat sheet is shown (spec §3: it starts shown); the choice lasts for the browser session. */
export function readCheatSheetShown(): boolean {
  try {
    return window.sessionStorage.getItem(KEY) !== 'hidden';
  } catch {
    return true;
  }
}

export function writeCheatSheetShown(shown: boolean): void {
  try {
    window.sessionStorage.setItem(KEY, shown ? 'shown' : 'hidden');
  } catch {
    // Without storage the choice lasts as long as the page.
  }
}
