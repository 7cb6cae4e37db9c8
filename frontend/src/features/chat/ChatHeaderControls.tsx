import { LocationControls } from '../location/LocationControls';
import { PushToggle } from '../push/PushToggle';

/**
 * Enable Push, the test button, Location and the Location Triggers banner (doc1 §2, doc2 §2). The buttons are real
 * from the first paint, so a press is never lost to a stand-in being swapped out; what a press does loads with it.
 */
export function ChatHeaderControls() {
  return (
    <>
      <PushToggle />
      <LocationControls />
    </>
  );
}
