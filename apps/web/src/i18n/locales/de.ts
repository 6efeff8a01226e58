import app from '@quire/contracts/locales/de/app.json';
import errors from '@quire/contracts/locales/de/errors.json';
import fields from '@quire/contracts/locales/de/fields.json';
import validation from '@quire/contracts/locales/de/validation.json';

export const bundle = { app, errors, validation, fields };
