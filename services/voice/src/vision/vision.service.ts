import { Injectable } from '@nestjs/common';
import { IMAGE_MAX_BYTES, internalApi, ProviderUnavailableError, RateLimitedError, type RequestContext } from '@jarvis/contracts';
import { createLogger, RpcClient } from '@jarvis/platform';
import { base64Body } from '../audio/audio-format';
import { VoiceModel } from '../model/voice-model.provider';
import { ImageRateLimiter } from './image-rate-limiter';
import { sniffImage } from './image-format';
import { AnalysisFailedError, ImageInvalidError, ImageTooLargeError, VisionServiceError } from './vision.errors';

const log = createLogger('vision');
const DEFAULT_PROMPT = 'What is in this image? Describe it.';

export interface AnalyzeImageInput {
  imageData: string;
  prompt?: string;
  imageType?: string;
  requestId?: string;
}

@Injectable()
export class VisionService {
  constructor(
    private readonly model: VoiceModel,
    private readonly limiter: ImageRateLimiter,
    private readonly rpc: RpcClient,
  ) {}

  async analyze(ctx: RequestContext & { userId: string }, input: AnalyzeImageInput) {
    const userId = ctx.userId;
    const image = decodeImage(input.imageData);
    await this.limiter.consume(userId);
    const prompt = input.prompt?.trim() || DEFAULT_PROMPT;
    let analysisText: string;
    try {
      analysisText = await this.model.analyzeImage(image.bytes, image.mime, prompt);
    } catch (error) {
      throw asVisionError(error);
    }
    if (!analysisText) throw new AnalysisFailedError();
    await this.keepInHistory(ctx, prompt, analysisText);
    return { analysisText, requestId: input.requestId };
  }

  /** The question and answer go into the chat history; the user still gets the analysis if chat cannot take them. */
  private async keepInHistory(ctx: RequestContext, prompt: string, analysisText: string) {
    try {
      await this.rpc.call(internalApi.chat.storeImageExchange, { question: `[Image] ${prompt}`.slice(0, 2_000), answer: analysisText }, ctx);
    } catch (error) {
      log.warn({ err: error, userId: ctx.userId }, 'could not store the image analysis in the chat history');
    }
  }
}

/** The image's bytes and type, checked by content (never by the declared imageType). */
function decodeImage(imageData: string) {
  const raw = base64Body(imageData);
  if (!raw) throw new ImageInvalidError('The image is not valid base64 data.');
  const bytes = Buffer.from(raw, 'base64');
  if (bytes.length > IMAGE_MAX_BYTES) throw new ImageTooLargeError(IMAGE_MAX_BYTES);
  const mime = sniffImage(bytes);
  if (!mime) throw new ImageInvalidError('Only PNG, JPEG and WebP images can be analyzed.');
  return { bytes, mime };
}

function asVisionError(error: unknown): unknown {
  if (error instanceof ProviderUnavailableError) {
    return new VisionServiceError('The image analysis service is temporarily unavailable. Please try again later.', error.details);
  }
  if (error instanceof RateLimitedError) return new VisionServiceError('The image analysis service is busy. Please try again later.', error.details);
  return error;
}
