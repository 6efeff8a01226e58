import { adoptStyles } from '../../lib/adopt-styles';
import css from './citations.css?inline';

// The passage panel, shared by source Q&A and the writing tools' results.
adoptStyles('quire-citation-styles', css);
