import app from '@quire/contracts/locales/fr/app.json';
import errors from '@quire/contracts/locales/fr/errors.json';
import fields from '@quire/contracts/locales/fr/fields.json';
import validation from '@quire/contracts/locales/fr/validation.json';

export const bundle = { app, errors, validation, fields };
