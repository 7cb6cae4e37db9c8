/** Whether the browser can read text aloud (Web Speech API). */
export function speechAvailable(): boolean {
  return (
    typeof window !== 'undefined' &&
    'speechSynthesis' in window &&
    typeof SpeechSynthesisUtterance !== 'undefined'
  );
}

/** Reads `text` aloud with the browser's voice; one playback at a time, a second request while speaking is skipped. */
export function speakWithBrowser(text: string): boolean {
  if (!speechAvailable()) return false;
  try {
    if (window.speechSynthesis.speaking) return true;
    const plain = text
      .replace(/[*_`#>[\]()]/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    const utterance = new SpeechSynthesisUtterance(plain);
    utterance.lang = 'en-US';
    window.speechSynthesis.speak(utterance);
    return true;
  } catch {
    return false;
  }
}
