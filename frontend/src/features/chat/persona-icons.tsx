import type { SvgIconComponent } from '@mui/icons-material';
import AutoAwesomeOutlinedIcon from '@mui/icons-material/AutoAwesomeOutlined';
import AutoStoriesOutlinedIcon from '@mui/icons-material/AutoStoriesOutlined';
import BalanceOutlinedIcon from '@mui/icons-material/BalanceOutlined';
import BoltOutlinedIcon from '@mui/icons-material/BoltOutlined';
import ContentCutOutlinedIcon from '@mui/icons-material/ContentCutOutlined';
import FavoriteBorderOutlinedIcon from '@mui/icons-material/FavoriteBorderOutlined';
import FitnessCenterOutlinedIcon from '@mui/icons-material/FitnessCenterOutlined';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import MedicalServicesOutlinedIcon from '@mui/icons-material/MedicalServicesOutlined';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import PaletteOutlinedIcon from '@mui/icons-material/PaletteOutlined';
import PersonOutlineOutlinedIcon from '@mui/icons-material/PersonOutlineOutlined';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import SentimentSatisfiedAltOutlinedIcon from '@mui/icons-material/SentimentSatisfiedAltOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import TrendingUpOutlinedIcon from '@mui/icons-material/TrendingUpOutlined';
import WorkOutlineOutlinedIcon from '@mui/icons-material/WorkOutlineOutlined';

/** The icon names the chat service gives personalities and careers. */
const ICONS: Record<string, SvgIconComponent> = {
  smile: SentimentSatisfiedAltOutlinedIcon,
  briefcase: WorkOutlineOutlinedIcon,
  zap: BoltOutlinedIcon,
  heart: FavoriteBorderOutlinedIcon,
  sparkles: AutoAwesomeOutlinedIcon,
  'book-open': MenuBookOutlinedIcon,
  'graduation-cap': SchoolOutlinedIcon,
  user: PersonOutlineOutlinedIcon,
  home: HomeOutlinedIcon,
  scissors: ContentCutOutlinedIcon,
  book: AutoStoriesOutlinedIcon,
  scale: BalanceOutlinedIcon,
  store: StorefrontOutlinedIcon,
  stethoscope: MedicalServicesOutlinedIcon,
  'trending-up': TrendingUpOutlinedIcon,
  palette: PaletteOutlinedIcon,
  dumbbell: FitnessCenterOutlinedIcon,
};

export function PersonaIcon({ name }: { name?: string }) {
  const Icon = (name && ICONS[name]) || AutoAwesomeOutlinedIcon;
  return <Icon fontSize="small" />;
}
