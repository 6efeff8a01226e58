import { adoptStyles } from '../../lib/adopt-styles';
import css from './citation-ref.css?inline';

// The `[n]` references of generated texts and answers, with the chunks that show them.
adoptStyles('quire-citation-ref-styles', css);
