import { adoptStyles } from '../../lib/adopt-styles';
import css from './feedback.css?inline';

// Evaluated with the dialogs' chunk, before they render: nothing of it on the landing route.
adoptStyles('quire-feedback-styles', css);
