import { LocationControls } from '../location/LocationControls';
import { PushToggle } from '../push/PushToggle';
import type { HeaderAction } from './ChatHeaderControls';

/** The real push and location controls; `firstAction` is a press made on their stand-in before they loaded. */
export function LoadedHeaderControls({ firstAction }: { firstAction: HeaderAction | null }) {
  return (
    <>
      <PushToggle
        firstAction={firstAction === 'push-toggle' ? 'toggle' : firstAction === 'push-test' ? 'test' : null}
      />
      <LocationControls firstAction={firstAction === 'location-toggle' ? 'toggle' : null} />
    </>
  );
}
