import { useCallback } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ImageSearchOutlinedIcon from '@mui/icons-material/ImageSearchOutlined';
import { useToast } from '../../components/toast/toast-context';
import { CardFrame } from '../chat-kit/CardFrame';
import { useChatSession } from '../../state/chat-session';
import { speakText } from '../voice/speech-playback';
import { askAboutImage } from './image-question';
import { ImageButtons } from './ImageButtons';

/** The image question a reply offered: upload an image or take a photo, asked with the reply's prompt. */
export function ImageQuestionCard({ prompt, onClose }: { prompt: string; onClose: () => void }) {
  const { toast } = useToast();
  const { sending } = useChatSession();
  const takePrompt = useCallback(() => prompt, [prompt]);
  const onImage = (imageData: string, typed: string) =>
    void askAboutImage(imageData, typed || prompt, toast, (answer) => void speakText(answer, 'chat'));
  return (
    <CardFrame
      icon={<ImageSearchOutlinedIcon fontSize="small" />}
      title="Image question"
      subtitle={prompt || undefined}
      onClose={onClose}
      testId="image-question-card"
    >
      <Stack direction="row" spacing={1} alignItems="center">
        <ImageButtons disabled={sending} takePrompt={takePrompt} onImage={onImage} />
        <Typography variant="caption" color="text.secondary">
          Upload an image or take a photo for Jarvis to look at.
        </Typography>
      </Stack>
    </CardFrame>
  );
}
