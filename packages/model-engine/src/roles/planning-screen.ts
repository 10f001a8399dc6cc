import type { Screen } from '@sandpiper/core';
import type { ContentPart, ModelProfile } from '@sandpiper/models';
import { describeScreen, imagePart, type ScreenImages } from '../screen-context.js';

/** The screen for a prompt that reads one screen: its description, and its image when there is one. */
export async function planningScreen(
  images: ScreenImages,
  profile: ModelProfile,
  screen: Screen | undefined,
  label = 'The screen now',
): Promise<{ text: string; images: ContentPart[] }> {
  if (screen === undefined) return { text: 'No screenshot: the environment is not open yet.', images: [] };
  const view = await images.prepare(screen, profile);
  return { text: `${label} is attached.\n${describeScreen(view)}`, images: [imagePart(view)] };
}
