import { EmailDraftCard } from './EmailDraftCard';
import type { InlineCard } from '../../../state/inline-card';
import { EventsCard, ForecastCard, ListCard, WeatherCard, WebSearchCard } from './ResultCards';
import { SmsDraftCard } from './SmsDraftCard';
import { InterpreterCard } from '../../interpreter/InterpreterCard';
import { MusicCard } from '../../music/MusicCard';
import { ImageQuestionCard } from '../../vision/ImageQuestionCard';

/** One card under an assistant message, by kind. Every card can be closed. */
export function InlineCardView({ card, onClose }: { card: InlineCard; onClose: () => void }) {
  switch (card.kind) {
    case 'weather':
      return <WeatherCard weather={card.weather} onClose={onClose} />;
    case 'forecast':
      return <ForecastCard forecast={card.forecast} onClose={onClose} />;
    case 'events':
      return <EventsCard title={card.title} events={card.events} onClose={onClose} />;
    case 'web_search':
      return (
        <WebSearchCard query={card.query} text={card.text} citations={card.citations} onClose={onClose} />
      );
    case 'list':
      return <ListCard title={card.title} items={card.items} onClose={onClose} />;
    case 'sms_draft':
      return <SmsDraftCard message={card.message} context={card.context} onClose={onClose} />;
    case 'email_draft':
      return (
        <EmailDraftCard
          subject={card.subject}
          message={card.message}
          context={card.context}
          onClose={onClose}
        />
      );
    case 'interpreter':
      return (
        <InterpreterCard
          fromLanguage={card.fromLanguage}
          toLanguage={card.toLanguage}
          mode={card.mode}
          onClose={onClose}
        />
      );
    case 'music':
      return <MusicCard context={card.context} onClose={onClose} />;
    case 'image_question':
      return <ImageQuestionCard prompt={card.prompt} onClose={onClose} />;
  }
}
