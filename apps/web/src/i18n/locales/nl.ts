import app from '@quire/contracts/locales/nl/app.json';
import errors from '@quire/contracts/locales/nl/errors.json';
import fields from '@quire/contracts/locales/nl/fields.json';
import validation from '@quire/contracts/locales/nl/validation.json';

export const bundle = { app, errors, validation, fields };
