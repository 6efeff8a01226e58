import { adoptStyles } from '../../lib/adopt-styles';
import css from './markdown.css?inline';

// Evaluated with the chunks that show generated text (tool pages, shared results), not before.
adoptStyles('quire-markdown-styles', css);
